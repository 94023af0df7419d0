import type { DashboardMetric, DashboardRange } from '../api/admin-dashboard-api';
import { changeDirection, changeText, sumOf, type Totals } from '../dashboard-period';

const ERRORS: DashboardMetric[] = ['errors_low', 'errors_medium', 'errors_high', 'errors_critical'];

/** The counts, each the sum of some metrics; `worseUp`: a rise is bad news (shown in the warning colour). */
const FIGURES: { label: string; metrics: DashboardMetric[]; worseUp?: boolean }[] = [
  { label: 'Sign-ups', metrics: ['signups'] },
  { label: 'Listings added', metrics: ['listings_added'] },
  { label: 'Listings sold', metrics: ['listings_sold'] },
  { label: 'Leads', metrics: ['leads'] },
  { label: 'Error reports', metrics: ERRORS, worseUp: true },
  { label: 'Sync failures', metrics: ['sync_failures'], worseUp: true },
];

const ARROW = { up: '▲', down: '▼', flat: '' } as const;

/** One card per count: the figure for the period, the period, and the change against the period before. */
export function DashboardFigures({
  current,
  previous,
  days,
  period,
}: {
  current: Totals | undefined;
  previous: Totals | undefined;
  days: DashboardRange;
  /** The period in words, e.g. "30 Oct – 28 Nov 2026". */
  period: string;
}) {
  return (
    <ul className="admin-figures" data-testid="admin-counts" aria-label={`Counts for ${period}`}>
      {FIGURES.map((f) => {
        const now = current ? sumOf(current, f.metrics) : undefined;
        const before = previous ? sumOf(previous, f.metrics) : undefined;
        const direction = now !== undefined && before !== undefined ? changeDirection(now, before) : 'flat';
        const tone = direction === 'flat' ? 'flat' : (direction === 'up') !== Boolean(f.worseUp) ? 'good' : 'bad';
        return (
          <li key={f.label} className="card admin-figure-card">
            <p className="admin-figure-card__label">{f.label}</p>
            <p className="admin-figure">{now === undefined ? '–' : now.toLocaleString('en-GB')}</p>
            <p className="admin-figure-card__period">{period}</p>
            {now !== undefined && before !== undefined && (
              <p className={`admin-change admin-change--${tone}`}>
                {ARROW[direction] && <span aria-hidden="true">{ARROW[direction]} </span>}
                {changeText(now, before, days)}
              </p>
            )}
          </li>
        );
      })}
    </ul>
  );
}
