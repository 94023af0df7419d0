/** en-GB display formatting: pounds, miles, economy, acceleration, dates and days on sale. */

const LONDON = 'Europe/London';
const gbp0 = new Intl.NumberFormat('en-GB', {
  style: 'currency',
  currency: 'GBP',
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});
const gbp2 = new Intl.NumberFormat('en-GB', {
  style: 'currency',
  currency: 'GBP',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});
const int = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 0 });
const oneDp = new Intl.NumberFormat('en-GB', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const dateLong = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: LONDON });
const dateShort = new Intl.DateTimeFormat('en-GB', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  timeZone: LONDON,
});
// Numeric parts + our own names: ICU versions disagree on 'Sep' vs 'Sept'.
const monthYear = new Intl.DateTimeFormat('en-GB', { month: 'numeric', year: 'numeric', timeZone: LONDON });
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** '£18,495'; with { pence: true } '£249.99'. */
export function formatGBP(amount: number, options: { pence?: boolean } = {}): string {
  if (!Number.isFinite(amount)) return '';
  return options.pence ? gbp2.format(amount) : gbp0.format(Math.round(amount));
}

/** '2,543': a whole number with thousands separators (one shared formatter: toLocaleString builds one a call). */
export function formatCount(n: number): string {
  return int.format(n);
}

/** '32,500 miles', '1 mile'. */
export function formatMiles(miles: number): string {
  const n = Math.round(miles);
  return `${int.format(n)} ${n === 1 ? 'mile' : 'miles'}`;
}

/** '52.3 mpg'; empty string when there is no figure (EVs). */
export function formatMpg(mpg: number | null | undefined): string {
  return mpg == null || !Number.isFinite(mpg) ? '' : `${oneDp.format(mpg)} mpg`;
}

/** '0-62 mph in 8.9s'. */
export function formatZeroTo62(seconds: number | null | undefined): string {
  return seconds == null || !Number.isFinite(seconds) ? '' : `0-62 mph in ${oneDp.format(seconds)}s`;
}

export function formatMph(mph: number | null | undefined): string {
  return mph == null || !Number.isFinite(mph) ? '' : `${int.format(mph)} mph`;
}

function toDate(value: string | Date): Date {
  return value instanceof Date ? value : new Date(value.length === 10 ? `${value}T12:00:00Z` : value);
}

/** '1 November 2026'. */
export function formatDate(value: string | Date): string {
  const d = toDate(value);
  return Number.isNaN(d.getTime()) ? '' : dateLong.format(d);
}

/** '01/11/2026'. */
export function formatDateShort(value: string | Date): string {
  const d = toDate(value);
  return Number.isNaN(d.getTime()) ? '' : dateShort.format(d);
}

/** 'Nov 2026'. */
export function formatMonthYear(value: string | Date): string {
  const d = toDate(value);
  if (Number.isNaN(d.getTime())) return '';
  const parts = monthYear.formatToParts(d);
  const part = (type: string): string => parts.find((p) => p.type === type)?.value ?? '';
  return `${MONTHS[Number(part('month')) - 1]} ${part('year')}`;
}

const DAY_MS = 86_400_000;

/** Whole days between two instants (calendar days are close enough for "on sale" counts). */
export function daysBetween(from: string | Date, to: string | Date): number {
  return Math.max(0, Math.floor((toDate(to).getTime() - toDate(from).getTime()) / DAY_MS));
}

/** 'Listed today', '1 day on sale', '23 days on sale'. */
export function formatDaysOnSale(listedAt: string | Date, now: string | Date = new Date()): string {
  const days = daysBetween(listedAt, now);
  if (days === 0) return 'Listed today';
  return `${days} ${days === 1 ? 'day' : 'days'} on sale`;
}
