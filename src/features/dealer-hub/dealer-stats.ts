// The hub's headline figures, computed from the local store (so they work offline too).
import type { LeadThread } from '@/data/leads';
import type { Lead, VehicleListing } from '@/data/types';

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

/**
 * Median minutes from a lead to the dealer's first reply, over this week's leads that have one; null
 * when none has. A reply is any message not written by the shopper (any member of the team).
 */
export function medianResponseMinutes(threads: readonly LeadThread[], now: Date = new Date()): number | null {
  const weekAgo = now.getTime() - 7 * DAY_MS;
  const minutes: number[] = [];
  for (const { lead, messages } of threads) {
    const asked = Date.parse(lead.created_at ?? '');
    if (!(asked >= weekAgo)) continue;
    const replies = messages
      .filter((m) => m.sender_id !== lead.user_id && m.delivery.state === 'sent' && m.created_at)
      .map((m) => Date.parse(m.created_at ?? ''));
    if (replies.length) minutes.push(Math.max(0, (Math.min(...replies) - asked) / 60_000));
  }
  if (!minutes.length) return null;
  minutes.sort((a, b) => a - b);
  const mid = minutes.length >> 1;
  return Math.round(minutes.length % 2 ? minutes[mid] : (minutes[mid - 1] + minutes[mid]) / 2);
}

/** 0 -> 'under a minute', 42 -> '42 min', 190 -> '3 h 10 min', 3000 -> '2 days 2 h'. */
export function formatResponseTime(minutes: number): string {
  if (minutes < 1) return 'under a minute';
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
  const days = Math.floor(hours / 24);
  return `${days} ${days === 1 ? 'day' : 'days'}${hours % 24 ? ` ${hours % 24} h` : ''}`;
}
