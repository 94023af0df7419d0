import type { PriceHistoryRow } from '@/data/catalogue';
import { formatDate, formatGBP } from '@/shared/lib/format';
import { TableHead } from '@/shared/ui';

/** A step chart of the asking price over time, with a table alternative for screen readers. */
export function PriceHistoryChart({
  history,
  current,
  now = new Date(),
}: {
  history: PriceHistoryRow[];
  current: number;
  now?: Date;
}) {
  if (history.length === 0) return <p className="cat-muted">No price history yet.</p>;
  // A single price (or only repeats of it) is a fact, not a chart: a flat line would suggest data.
  if (history.every((h) => h.price === current))
    return (
      <p className="cat-muted" data-testid="price-unchanged">
        No price changes since listed on {formatDate(history[0].changed_at)}
      </p>
    );
  const W = 600;
  const H = 200;
  const pad = { l: 64, r: 16, t: 16, b: 28 };
  const t0 = new Date(history[0].changed_at).getTime();
  const t1 = Math.max(now.getTime(), t0 + 86_400_000);
  const prices = [...history.map((h) => h.price), current];
  const lo = Math.min(...prices);
  const hi = Math.max(...prices);
  const span = Math.max(hi - lo, hi * 0.05);
  const yMin = lo - span * 0.25;
  const yMax = hi + span * 0.25;
  const x = (t: number) => pad.l + ((t - t0) / (t1 - t0)) * (W - pad.l - pad.r);
  const y = (p: number) => pad.t + (1 - (p - yMin) / (yMax - yMin)) * (H - pad.t - pad.b);
  let d = '';
  history.forEach((h, i) => {
    const tx = x(new Date(h.changed_at).getTime());
    d += i === 0 ? `M${tx},${y(h.price)}` : `H${tx}V${y(h.price)}`;
  });
  d += `H${x(t1)}`;
  const ticks = [yMin + (yMax - yMin) * 0.2, (yMin + yMax) / 2, yMax - (yMax - yMin) * 0.2];
  const summary = `Price history: listed at ${formatGBP(history[0].price)} on ${formatDate(history[0].changed_at)}, now ${formatGBP(current)}, ${history.length - 1} ${history.length - 1 === 1 ? 'change' : 'changes'}.`;
  return (
    <figure className="cat-chartfig" style={{ margin: 0 }}>
      <svg className="cat-chart" viewBox={`0 0 ${W} ${H}`} role="img" aria-label={summary}>
        {ticks.map((t) => (
          <g key={t}>
            <line x1={pad.l} x2={W - pad.r} y1={y(t)} y2={y(t)} stroke="currentColor" opacity="0.12" />
            <text x={pad.l - 8} y={y(t) + 4} textAnchor="end">
              {formatGBP(Math.round(t / 10) * 10)}
            </text>
          </g>
        ))}
        <path d={d} fill="none" stroke="var(--color-primary)" strokeWidth="3" />
        {history.map((h) => (
          <circle
            key={h.id}
            cx={x(new Date(h.changed_at).getTime())}
            cy={y(h.price)}
            r="5"
            fill="var(--color-primary)"
          />
        ))}
        <text x={pad.l} y={H - 8}>
          {formatDate(history[0].changed_at)}
        </text>
        <text x={W - pad.r} y={H - 8} textAnchor="end">
          Today
        </text>
      </svg>
      <figcaption>
        <details className="cat-details">
          <summary>Price changes as a table</summary>
          <table className="cat-table">
            <TableHead columns={['Date', 'Price']} />
            <tbody>
              {history.map((h) => (
                <tr key={h.id}>
                  <td>{formatDate(h.changed_at)}</td>
                  <td>{formatGBP(h.price)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </details>
      </figcaption>
    </figure>
  );
}
