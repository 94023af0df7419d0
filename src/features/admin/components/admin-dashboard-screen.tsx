import { useMemo } from 'react';
import type { ErrorReport } from '@/data';
import { href } from '@/shared/lib/routes';
import { fetchAdminCounts, fetchAdminList, fetchSyncHealth, fetchWebVitalsP75 } from '@/sync/admin-api';
import { useAdminLive, useAdminRead } from '@/sync/use-admin-read';
import { Badge, ButtonLink, Card, CardTitle, LoadingBlock, PageHeader, TableHead } from '@/shared/ui';
import { parkedSummary, severityByDay, vitalRating } from '../dashboard-stats';
import { SeverityChart } from './severity-chart';
import '../admin.css';

const RATING_VARIANT = { good: 'success', 'needs-improvement': 'warning', poor: 'danger' } as const;
const when = (iso: string) => new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' });
const fmt = (metric: string, v: number) => (metric.toUpperCase() === 'CLS' ? v.toFixed(2) : `${Math.round(v)} ms`);

/** /admin/dashboard: counts, error reports by severity over time, sync health and web-vitals p75. */
export function AdminDashboardScreen() {
  const counts = useAdminRead('admin-counts', () => fetchAdminCounts());
  const reports = useAdminRead('dashboard-reports', () => fetchAdminList<ErrorReport>('error_reports', { limit: 500 }));
  const vitals = useAdminRead('web-vitals', () => fetchWebVitalsP75());
  const series = useMemo(() => severityByDay(reports.data ?? []), [reports.data]);
  const sync = useAdminRead('sync-health', () => fetchSyncHealth());
  // Clients' parked-op reports and new error reports arrive live.
  useAdminLive('sync_health_reports', sync.reload);
  useAdminLive('error_reports', reports.reload);
  const error = counts.error ?? reports.error ?? vitals.error ?? sync.error;

  return (
    <div className="container page admin">
      <PageHeader
        eyebrow="Admin"
        title="Admin dashboard"
        intro="The app's figures and health."
        actions={
          <>
            <ButtonLink to={href.adminReviews()}>Reviews</ButtonLink>
            <ButtonLink to={href.adminErrors()}>Error reports</ButtonLink>
            <ButtonLink to={href.adminSecurity()}>Security</ButtonLink>
          </>
        }
      />
      {error && (
        <p className="admin-error" role="alert">
          {error}
        </p>
      )}
      <div className="admin-cards" data-testid="admin-counts">
        {(['users', 'listings', 'reviews', 'leads'] as const).map((k) => (
          <Card key={k}>
            <p className="admin-muted">{k[0].toUpperCase() + k.slice(1)}</p>
            <p className="admin-figure">{counts.data ? counts.data[k].toLocaleString('en-GB') : '…'}</p>
          </Card>
        ))}
      </div>
      <section className="admin-section">
        <CardTitle>Error reports by severity (last 14 days)</CardTitle>
        {reports.loading && !reports.data ? (
          <LoadingBlock label="Loading error reports…" />
        ) : (
          <SeverityChart data={series} />
        )}
      </section>
      <div className="admin-columns">
        <section className="admin-section" data-testid="sync-health">
          <CardTitle>Sync health</CardTitle>
          {sync.data ? (
            <>
              <p>{parkedSummary(sync.data)}</p>
              <p className="admin-muted">
                {sync.data.last_report_at
                  ? `Last report from a device: ${when(sync.data.last_report_at)}.`
                  : 'No device has reported yet.'}
              </p>
              {sync.data.clients.length > 0 && (
                <table className="admin-table">
                  <TableHead columns={['Device', 'Parked', 'Reported']} />
                  <tbody>
                    {sync.data.clients.map((c) => (
                      <tr key={`${c.client_id}-${c.email ?? ''}`}>
                        <th scope="row">
                          <span className="admin-device">{c.email ?? 'Signed out'}</span>
                          <span className="admin-muted">Device {c.client_id.slice(0, 8)}</span>
                        </th>
                        <td>{c.parked_count.toLocaleString('en-GB')}</td>
                        <td className="admin-muted admin-nowrap">{when(c.reported_at)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              )}
            </>
          ) : (
            !sync.error && <LoadingBlock label="Loading sync health…" />
          )}
        </section>
        <section className="admin-section">
          <CardTitle>Web vitals (p75)</CardTitle>
          {vitals.data && vitals.data.length === 0 && <p className="admin-muted">No web-vitals beacons yet.</p>}
          <table className="admin-table">
            <tbody>
              {(vitals.data ?? []).map((v) => {
                const rating = vitalRating(v.metric, v.p75);
                return (
                  <tr key={v.metric}>
                    <th scope="row">{v.metric}</th>
                    <td>{fmt(v.metric, v.p75)}</td>
                    <td>{rating && <Badge variant={RATING_VARIANT[rating]}>{rating}</Badge>}</td>
                    <td className="admin-muted">{v.samples} samples</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </section>
      </div>
    </div>
  );
}
