// The hub's headline figures, computed from the local store (so they work offline too).
import type { Lead, VehicleListing } from '@/data';

export interface DealerStats {
  /** Active and reserved listings. */
  onSale: number;
  reserved: number;
  sold: number;
  /** Leads created in the last 7 days. */
  leadsThisWeek: number;
  newLeads: number;
  /** Mean whole days since listing, over the cars still on sale; null when none are. */
  averageDaysOnSale: number | null;
}

const DAY_MS = 86_400_000;

export function computeDealerStats(listings: VehicleListing[], leads: Lead[], now: Date = new Date()): DealerStats {
  const onSale = listings.filter((l) => l.status !== 'sold');
  const weekAgo = now.getTime() - 7 * DAY_MS;
  const days = onSale.map((l) => Math.max(0, Math.floor((now.getTime() - Date.parse(l.listed_at)) / DAY_MS)));
  return {
    onSale: onSale.length,
    reserved: listings.filter((l) => l.status === 'reserved').length,
    sold: listings.length - onSale.length,
    leadsThisWeek: leads.filter((l) => Date.parse(l.created_at ?? '') >= weekAgo || !l.created_at).length,
    newLeads: leads.filter((l) => l.status === 'new').length,
    averageDaysOnSale: days.length ? Math.round(days.reduce((a, b) => a + b, 0) / days.length) : null,
  };
}

/** '£18,495', '18495', '18,495.00' -> 18495; NaN when it is not an amount in pounds. */
export function parsePounds(input: string): number {
  const compact = input.replace(/[£,\s]/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(compact)) return Number.NaN;
  return Number(compact);
}
