import type { SyncHealthSummary, WebVitalP75 } from '../api/admin-api';
import type { AdminRead } from '../api/use-admin-read';
import { Badge, LoadingBlock, TableHead } from '@/shared/ui';
import { parkedSummary, vitalRating } from '../dashboard-stats';

const RATING_VARIANT = { good: 'success', 'needs-improvement': 'warning', poor: 'danger' } as const;
const when = (iso: string) => new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' });
const fmt = (metric: string, v: number) => (metric.toUpperCase() === 'CLS' ? v.toFixed(2) : `${Math.round(v)} ms`);

/** Devices reporting ops parked in "needs attention" within the dashboard's range. */
export function SyncHealthPanel({ read }: { read: AdminRead<SyncHealthSummary> }) {
  const data = read.data;
  return (
    <section className="card admin-chart-card" data-testid="sync-health" aria-labelledby="sync-health-h">
      <h2 id="sync-health-h" className="admin-chart-card__title">
        Sync health
      </h2>
      {data ? (
        <>
          <p>{parkedSummary(data)}</p>
          <p className="admin-muted">
            {data.last_report_at
              ? `Last report from a device: ${when(data.last_report_at)}.`
              : 'No device has reported yet.'}
          </p>
          {data.clients.length > 0 && (
            <div className="admin-scroll">
              <table className="admin-table">
                <TableHead columns={['Device', 'Parked', 'Reported']} />
                <tbody>
                  {data.clients.map((c) => (
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
            </div>
          )}
        </>
      ) : (
        !read.error && <LoadingBlock label="Loading sync health…" />
      )}
    </section>
  );
}

/** The 75th percentile of each web vital from the beacons, rated against SPEC §9's limits. */
export function WebVitalsPanel({ read }: { read: AdminRead<WebVitalP75[]> }) {
  return (
    <section className="admin-section" aria-labelledby="web-vitals-h">
      <h2 id="web-vitals-h" className="admin-chart-card__title">
        Web vitals (p75)
      </h2>
      {read.data && read.data.length === 0 && <p className="admin-muted">No web-vitals beacons yet.</p>}
      {read.data && read.data.length > 0 && (
        <table className="admin-table">
          <tbody>
            {read.data.map((v) => {
              const rating = vitalRating(v.metric, v.p75);
              return (
                <tr key={v.metric}>
                  <th scope="row">{v.metric}</th>
                  <td>{fmt(v.metric, v.p75)}</td>
                  <td>{rating && <Badge variant={RATING_VARIANT[rating]}>{rating}</Badge>}</td>
                  <td className="admin-muted">{v.samples.toLocaleString('en-GB')} samples</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </section>
  );
}
