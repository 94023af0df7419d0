import { lazy, Suspense, useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { href } from '@/shared/lib/routes';
import { fetchAdminCounts, fetchWebVitalsP75 } from '../api/admin-api';
import {
  DASHBOARD_RANGES,
  fetchAdminDashboard,
  fetchSyncHealthFor,
  type DashboardRange,
} from '../api/admin-dashboard-api';
import { useAdminLive, useAdminRead } from '../api/use-admin-read';
import { ButtonLink, LoadingBlock, PageHeader } from '@/shared/ui';
import { fillSeries, periodText, previousTotals, totalsOf } from '../dashboard-period';
import { DashboardFigures } from './dashboard-figures';
import { RangePicker } from './range-picker';
import { SyncHealthPanel, WebVitalsPanel } from './dashboard-panels';
import '../admin.css';

// recharts comes with this chunk only: the admin's charts never weigh on a shopper's page.
const DashboardCharts = lazy(() => import('./dashboard-charts'));

const DEFAULT_RANGE: DashboardRange = 30;

function rangeOf(param: string | null): DashboardRange {
  const n = Number(param);
  return (DASHBOARD_RANGES as readonly number[]).includes(n) ? (n as DashboardRange) : DEFAULT_RANGE;
}

/** /admin (and /admin/dashboard): counts and charts over 7, 30 or 90 days, sync health and web vitals. */
export function AdminDashboardScreen() {
  const [params, setParams] = useSearchParams();
  const days = rangeOf(params.get('range'));
  const setDays = useCallback(
    (d: DashboardRange) =>
      setParams(
        (p) => {
          const next = new URLSearchParams(p);
          if (d === DEFAULT_RANGE) next.delete('range');
          else next.set('range', String(d));
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  const dash = useAdminRead(`admin-dashboard:${days}`, () => fetchAdminDashboard(days));
  const counts = useAdminRead('admin-counts', () => fetchAdminCounts());
  const vitals = useAdminRead('web-vitals', () => fetchWebVitalsP75());
  const sync = useAdminRead(`sync-health:${days}`, () => fetchSyncHealthFor(days));
  // New error reports and clients' parked-op reports arrive live.
  useAdminLive('error_reports', dash.reload);
  useAdminLive('sync_health_reports', sync.reload);

  const view = useMemo(() => {
    if (!dash.data || dash.data.days !== days) return undefined;
    const series = fillSeries(dash.data);
    return {
      series,
      current: totalsOf(series),
      previous: previousTotals(dash.data.previous),
      period: periodText(dash.data.first_day, dash.data.last_day),
    };
  }, [dash.data, days]);
  const error = dash.error ?? counts.error ?? vitals.error ?? sync.error;

  return (
    <div className="container page admin">
      <PageHeader
        eyebrow="Admin"
        title="Admin dashboard"
        intro="Sign-ups, stock, leads and the app's health."
        actions={
          <>
            <ButtonLink to={href.adminReviews()}>Reviews</ButtonLink>
            <ButtonLink to={href.adminErrors()}>Error reports</ButtonLink>
            <ButtonLink to={href.adminSecurity()}>Security</ButtonLink>
          </>
        }
      />
      <div className="admin-toolbar">
        <RangePicker value={days} onChange={setDays} />
        <p className="admin-muted admin-toolbar__period" aria-live="polite">
          {view ? `${view.period} (UK dates), against the ${days} days before.` : `Loading the last ${days} days…`}
        </p>
      </div>
      {error && (
        <p className="admin-error" role="alert">
          {error}
        </p>
      )}
      {view ? (
        <DashboardFigures current={view.current} previous={view.previous} days={days} period={view.period} />
      ) : (
        !dash.error && <LoadingBlock label="Loading the figures…" />
      )}
      <div className="admin-charts" data-testid="admin-charts">
        {view && (
          <Suspense fallback={<LoadingBlock label="Loading the charts…" />}>
            <DashboardCharts series={view.series} days={days} />
          </Suspense>
        )}
        {/* Beside the sync failures chart: the devices whose ops are parked now. */}
        <SyncHealthPanel read={sync} />
      </div>
      <div className="admin-columns">
        <WebVitalsPanel read={vitals} />
        {counts.data && (
          <section className="admin-section" aria-labelledby="all-time-h">
            <h2 id="all-time-h" className="admin-chart-card__title">
              All time
            </h2>
            <p className="admin-muted">
              {counts.data.users.toLocaleString('en-GB')} users · {counts.data.listings.toLocaleString('en-GB')}{' '}
              listings · {counts.data.reviews.toLocaleString('en-GB')} reviews ·{' '}
              {counts.data.leads.toLocaleString('en-GB')} leads.
            </p>
          </section>
        )}
      </div>
    </div>
  );
}
