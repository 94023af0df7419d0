// Figures of /admin/dashboard computed from the server's error reports (pure, unit tested).
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

export interface SyncHealth {
  /** Sync failures reported by clients in the last 24 hours (coalesced counts included). */
  lastDay: number;
  open: number;
  latest: ErrorReport[];
}

export function syncHealth(reports: ErrorReport[], now = Date.now()): SyncHealth {
  const sync = reports.filter((r) => r.context.component === 'sync');
  return {
    lastDay: sync.filter((r) => Date.parse(r.reported_at) > now - 86_400_000).reduce((n, r) => n + occurrences(r), 0),
    open: sync.filter((r) => !r.resolved).length,
    latest: sync.slice(0, 5),
  };
}
