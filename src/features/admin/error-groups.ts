// Filtering and grouping of the server's error reports for /admin/errors (pure, so it is unit tested).
import type { ErrorReport, Severity } from '@/data/types';

export type SeverityFilter = Severity | 'all';
/** How far back the list looks: hours, or everything loaded. */
export type TimeFilter = '1' | '24' | '168' | 'all';

export interface ErrorFilters {
  severity: SeverityFilter;
  hours: TimeFilter;
  component: string;
  /** Show resolved reports too. */
  showResolved: boolean;
}

export interface ErrorGroup {
  message: string;
  /** Occurrences: each report counts its coalesced burst (metadata.count). */
  count: number;
  reports: ErrorReport[];
  latest: ErrorReport;
  worst: Severity;
}

const RANK: Record<Severity, number> = { low: 0, medium: 1, high: 2, critical: 3 };

export const componentOf = (r: ErrorReport) => r.context.component ?? 'unknown';
export const occurrences = (r: ErrorReport) => Math.max(1, Number(r.context.metadata?.count ?? 1) || 1);

export function filterReports(reports: ErrorReport[], f: ErrorFilters, now = Date.now()): ErrorReport[] {
  const since = f.hours === 'all' ? -Infinity : now - Number(f.hours) * 3_600_000;
  return reports.filter(
    (r) =>
      (f.severity === 'all' || r.severity === f.severity) &&
      (f.component === '' || componentOf(r) === f.component) &&
      (f.showResolved || !r.resolved) &&
      Date.parse(r.reported_at) >= since,
  );
}

/** Reports with the same message in one group, most frequent first. */
export function groupReports(reports: ErrorReport[]): ErrorGroup[] {
  const groups = new Map<string, ErrorGroup>();
  for (const r of reports) {
    const g = groups.get(r.message);
    if (!g) {
      groups.set(r.message, { message: r.message, count: occurrences(r), reports: [r], latest: r, worst: r.severity });
      continue;
    }
    g.count += occurrences(r);
    g.reports.push(r);
    if (r.reported_at > g.latest.reported_at) g.latest = r;
    if (RANK[r.severity] > RANK[g.worst]) g.worst = r.severity;
  }
  return [...groups.values()].sort(
    (a, b) => b.count - a.count || b.latest.reported_at.localeCompare(a.latest.reported_at),
  );
}

export const componentsOf = (reports: ErrorReport[]) => [...new Set(reports.map(componentOf))].sort();
