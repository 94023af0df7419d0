import type { AppNotification } from '@/data/types';

/** A path on this site ('/my-leads?lead=…'), never another origin ('//host', 'https:', 'javascript:'). */
function sitePath(value: unknown): string | null {
  return typeof value === 'string' && /^\/(?![/\\])/.test(value) ? value : null;
}

/**
 * Where a notification opens (SPEC §4): an enquiry's thread (lead_url, issue 33), else its car_url if
 * present, else the listing, else nowhere.
 */
export function notificationHref(n: Pick<AppNotification, 'data' | 'vehicle_listing_id'>): string | null {
  const leadUrl = sitePath(n.data?.lead_url);
  if (leadUrl) return leadUrl;
  const carUrl = n.data?.car_url;
  if (typeof carUrl === 'string' && carUrl.trim()) return carUrl;
  return n.vehicle_listing_id ? `/marketplace/${n.vehicle_listing_id}` : null;
}

/** The panel header's count: '{n} new'. */
export function newCountLabel(unread: number): string {
  return `${unread} new`;
}

const minute = 60_000;
const hour = 60 * minute;
const day = 24 * hour;

/** 'just now', '5 min ago', '3 h ago', '2 days ago', then a date. */
export function timeAgo(iso: string | undefined, now = Date.now()): string {
  if (!iso) return '';
  const t = Date.parse(iso);
  if (!Number.isFinite(t)) return '';
  const d = Math.max(0, now - t);
  if (d < minute) return 'just now';
  if (d < hour) return `${Math.floor(d / minute)} min ago`;
  if (d < day) return `${Math.floor(d / hour)} h ago`;
  if (d < 7 * day) return `${Math.floor(d / day)} day${d < 2 * day ? '' : 's'} ago`;
  return new Date(t).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });
}
