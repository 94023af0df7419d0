// Ratings and wording of /admin/dashboard's health panels (pure, unit tested).
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
