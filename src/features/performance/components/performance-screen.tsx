import { lazy, Suspense } from 'react';
import { Badge, Card, PageHeader, TableHead, type BadgeVariant } from '@/shared/ui';
import { usePerformance } from '../store';
import { formatVital, VITAL_LABELS, VITAL_LIMITS, VITAL_NAMES, type Rating } from '../vitals';

// recharts comes with the chart's own chunk: the screen's figures paint without waiting for it.
const VitalsChart = lazy(() => import('./vitals-chart').then((m) => ({ default: m.VitalsChart })));

const RATING_TEXT: Record<Rating, string> = { good: 'Good', 'needs-improvement': 'Needs improvement', poor: 'Poor' };
const RATING_BADGE: Record<Rating, BadgeVariant> = { good: 'success', 'needs-improvement': 'warning', poor: 'danger' };

function mb(bytes: number): string {
  return `${(bytes / 1024 / 1024).toLocaleString('en-GB', { maximumFractionDigits: 1 })} MB`;
}

function VitalCards() {
  const latest = usePerformance((s) => s.latest);
  return (
    <ul className="perf-vitals" aria-label="Core Web Vitals">
      {VITAL_NAMES.map((name) => {
        const sample = latest[name];
        const [good, poor] = VITAL_LIMITS[name];
        return (
          <li key={name} className="perf-vital card" data-testid={`vital-${name}`}>
            <div className="perf-vital__head">
              <h2 className="perf-vital__name">
                {name} <span className="perf-vital__label">{VITAL_LABELS[name]}</span>
              </h2>
              {sample ? (
                <Badge variant={RATING_BADGE[sample.rating]}>{RATING_TEXT[sample.rating]}</Badge>
              ) : (
                <Badge>Waiting</Badge>
              )}
            </div>
            <p className="perf-vital__value">{sample ? formatVital(name, sample.value) : 'Not measured yet'}</p>
            <p className="perf-vital__limits">
              Good ≤ {formatVital(name, good)} · Poor &gt; {formatVital(name, poor)}
            </p>
          </li>
        );
      })}
    </ul>
  );
}

function RuntimeCards() {
  const longTasks = usePerformance((s) => s.longTasks);
  const memory = usePerformance((s) => s.memory);
  const warnings = usePerformance((s) => s.memoryWarnings);
  const longest = longTasks.reduce((m, t) => Math.max(m, t.duration), 0);
  return (
    <div className="halves">
      <Card>
        <h2 className="perf-runtime__title">Long tasks (over 50 ms)</h2>
        <p className="perf-vital__value" data-testid="long-task-count">
          {longTasks.length}
        </p>
        <p className="perf-vital__limits">
          {longTasks.length ? `Longest ${Math.round(longest)} ms` : 'None so far: the main thread stayed responsive.'}
        </p>
      </Card>
      <Card>
        <h2 className="perf-runtime__title">Memory</h2>
        {memory ? (
          <>
            <p className="perf-vital__value">{(memory.ratio * 100).toFixed(1)}% of heap limit</p>
            <p className="perf-vital__limits">
              {mb(memory.used)} of {mb(memory.limit)} · checked every 30 s · warning above 90%
              {warnings ? ` · ${warnings} warning${warnings === 1 ? '' : 's'}` : ''}
            </p>
          </>
        ) : (
          <p className="perf-vital__limits">This browser does not report heap use.</p>
        )}
      </Card>
    </div>
  );
}

function HistoryTable() {
  const history = usePerformance((s) => s.history);
  const rows = history.slice(-10).reverse();
  if (rows.length === 0) return null;
  return (
    <div className="perf-table-wrap">
      <table className="perf-table">
        <caption>Latest readings</caption>
        <TableHead columns={['Metric', 'Value', 'Rating', 'At']} />
        <tbody>
          {rows.map((s, i) => (
            <tr key={`${s.name}-${s.at}-${i}`}>
              <td>{s.name}</td>
              <td>{formatVital(s.name, s.value)}</td>
              <td>{RATING_TEXT[s.rating]}</td>
              <td>{(s.at / 1000).toFixed(1)} s</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** /performance: this session's vitals, long tasks and memory, live. */
export default function PerformanceScreen() {
  const history = usePerformance((s) => s.history);
  return (
    <div className="container perf-screen">
      <PageHeader
        eyebrow="Speed"
        title="Performance monitor"
        intro="Core Web Vitals measured on this device, rated against Google's good and poor limits."
      />
      <VitalCards />
      <Card className="perf-chart-card">
        <h2 className="perf-runtime__title">Vitals over this session</h2>
        <Suspense fallback={<div className="perf-chart" />}>
          <VitalsChart history={history} />
        </Suspense>
        <HistoryTable />
      </Card>
      <RuntimeCards />
    </div>
  );
}
