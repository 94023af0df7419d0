// The dashboard's period maths (pure, unit tested): the server's sparse per-day figures become a
// zero-filled series, totals for the period, and the change against the period before it.
import type { AdminDashboard, DashboardFigures, DashboardMetric, DashboardRange } from './api/admin-dashboard-api';
import { DASHBOARD_METRICS } from './api/admin-dashboard-api';

export type DayFigures = { day: string } & Record<DashboardMetric, number>;
export type Totals = Record<DashboardMetric, number>;

const DAY_MS = 86_400_000;
const zeros = (): Totals => Object.fromEntries(DASHBOARD_METRICS.map((m) => [m, 0])) as Totals;

/** Every calendar day from `first` to `last` (YYYY-MM-DD, both included). */
export function daysBetween(first: string, last: string): string[] {
  const start = Date.parse(`${first}T00:00:00Z`);
  const end = Date.parse(`${last}T00:00:00Z`);
  if (Number.isNaN(start) || Number.isNaN(end) || end < start) return [];
  const out: string[] = [];
  for (let t = start; t <= end; t += DAY_MS) out.push(new Date(t).toISOString().slice(0, 10));
  return out;
}

/** One row per day of the range, with every metric (a day or metric the server left out is 0). */
export function fillSeries(d: Pick<AdminDashboard, 'first_day' | 'last_day' | 'series'>): DayFigures[] {
  const byDay = new Map(d.series.map((row) => [row.day, row]));
  return daysBetween(d.first_day, d.last_day).map((day) => {
    const row = byDay.get(day);
    const figures = zeros();
    if (row) for (const m of DASHBOARD_METRICS) figures[m] = Number(row[m] ?? 0) || 0;
    return { day, ...figures };
  });
}

export function totalsOf(series: readonly DayFigures[]): Totals {
  const t = zeros();
  for (const day of series) for (const m of DASHBOARD_METRICS) t[m] += day[m];
  return t;
}

export function previousTotals(previous: DashboardFigures): Totals {
  const t = zeros();
  for (const m of DASHBOARD_METRICS) t[m] = Number(previous[m] ?? 0) || 0;
  return t;
}

/** A card's figure: its metrics summed (e.g. error reports are the four severities). */
export const sumOf = (totals: Totals, metrics: readonly DashboardMetric[]) =>
  metrics.reduce((sum, m) => sum + totals[m], 0);

const count = (n: number) => n.toLocaleString('en-GB');

/** "+12 vs previous 30 days", "−3 vs previous 7 days" or "Same as previous 90 days". */
export function changeText(current: number, previous: number, days: DashboardRange): string {
  const delta = current - previous;
  const period = `previous ${days} days`;
  if (delta === 0) return `Same as ${period}`;
  return `${delta > 0 ? '+' : '−'}${count(Math.abs(delta))} vs ${period}`;
}

/** Whether the change is up, down or flat (for its colour and arrow). */
export const changeDirection = (current: number, previous: number): 'up' | 'down' | 'flat' =>
  current > previous ? 'up' : current < previous ? 'down' : 'flat';

const dayDate = (day: string) => new Date(`${day}T12:00:00Z`);

/** A chart's axis label: "28 Nov". */
export const shortDay = (day: string) =>
  dayDate(day).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });

/** A day in full: "Saturday 28 November 2026" (ICU puts a comma after the weekday; UK prose does not). */
export const longDay = (day: string) => {
  const d = dayDate(day);
  const weekday = d.toLocaleDateString('en-GB', { weekday: 'long', timeZone: 'UTC' });
  return `${weekday} ${d.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' })}`;
};

/** The period a figure covers: "22 – 28 Nov 2026", "30 Oct – 28 Nov 2026", "29 Dec 2025 – 4 Jan 2026". */
export function periodText(first: string, last: string): string {
  const [a, b] = [dayDate(first), dayDate(last)];
  const full = (d: Date) =>
    d.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
  if (a.getUTCFullYear() !== b.getUTCFullYear()) return `${full(a)} – ${full(b)}`;
  if (a.getUTCMonth() !== b.getUTCMonth()) return `${shortDay(first)} – ${full(b)}`;
  return `${a.getUTCDate()} – ${full(b)}`;
}

/** Whether none of these metrics has a figure on any day (the chart then says so instead of drawing). */
export const isEmpty = (series: readonly DayFigures[], metrics: readonly DashboardMetric[]) =>
  series.every((day) => metrics.every((m) => day[m] === 0));

/** A screen reader's summary of a chart: total and the busiest day (`noun` names what is counted, plural). */
export function chartSummary(series: readonly DayFigures[], metrics: readonly DashboardMetric[], noun: string): string {
  if (series.length === 0) return `No ${noun}.`;
  let best = series[0];
  let bestN = -1;
  let total = 0;
  for (const day of series) {
    const n = metrics.reduce((s, m) => s + day[m], 0);
    total += n;
    if (n > bestN) [best, bestN] = [day, n];
  }
  const span = periodText(series[0].day, series[series.length - 1].day);
  if (total === 0) return `No ${noun} from ${span}.`;
  return `${count(total)} in total from ${span}; the most on ${longDay(best.day)} (${count(bestN)}).`;
}

/** Whole-number axis ticks on a 1, 2 or 5 step from 0 to at least `max` (0 1 2 3 4, 0 10 20 30, …). */
export function yTicks(max: number): number[] {
  const raw = Math.max(1, max) / 4;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const step = Math.max(1, [1, 2, 5, 10].map((f) => f * magnitude).find((s) => s >= raw) ?? 10 * magnitude);
  const top = Math.max(step, Math.ceil(Math.max(1, max) / step) * step);
  return Array.from({ length: top / step + 1 }, (_, i) => i * step);
}
