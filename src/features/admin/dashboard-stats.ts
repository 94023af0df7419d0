// Figures of /admin/dashboard computed from what the server returns (pure, unit tested).
import type { ErrorReport, Severity } from '@/data';
import { occurrences } from './error-groups';

export type DayCounts = { day: string } & Record<Severity, number>;

/** Reports per day and severity over the last `days` days (oldest first), counting coalesced bursts. */
export function severityByDay(reports: ErrorReport[], days = 14, now = new Date()): DayCounts[] {
  const out: DayCounts[] = [];
  const index = new Map<string, DayCounts>();
  for (let i = days - 1; i >= 0; i--) {
    const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - i));
    const row: DayCounts = { day: d.toISOString().slice(0, 10), low: 0, medium: 0, high: 0, critical: 0 };
    out.push(row);
    index.set(row.day, row);
  }
  for (const r of reports) {
    const row = index.get(r.reported_at.slice(0, 10));
    if (row) row[r.severity] += occurrences(r);
  }
  return out;
}

/** Web-vitals good / poor limits (SPEC §9). */
export const VITAL_LIMITS: Record<string, [number, number]> = {
  LCP: [2500, 4000],
  INP: [200, 500],
  CLS: [0.1, 0.25],
  FCP: [1800, 3000],
  TTFB: [800, 1800],
};

export function vitalRating(metric: string, p75: number): 'good' | 'needs-improvement' | 'poor' | undefined {
  const limits = VITAL_LIMITS[metric.toUpperCase()];
  if (!limits) return undefined;
  return p75 <= limits[0] ? 'good' : p75 <= limits[1] ? 'needs-improvement' : 'poor';
}

const plural = (n: number, one: string) => `${n.toLocaleString('en-GB')} ${one}${n === 1 ? '' : 's'}`;

/** The sync-health headline from the clients' reports (admin_sync_health). */
export function parkedSummary(s: { clients_with_parked: number; total_parked: number }): string {
  if (s.total_parked === 0) return 'No device reports ops needing attention.';
  return `${plural(s.total_parked, 'op')} needing attention on ${plural(s.clients_with_parked, 'device')}.`;
}
