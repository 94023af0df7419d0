import {
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { VitalSample } from '../store';
import { VITAL_LIMITS, VITAL_NAMES, type VitalName } from '../vitals';

const COLOURS = ['#1b4de4', '#c2410c', '#047857', '#7c3aed', '#b91c1c'];
const HEIGHT = 260;

export type ChartRow = { t: number } & Partial<Record<VitalName, number>>;

/** Each reading as a percentage of its "good" limit, so five units share one axis (100% = the limit). */
export function chartRows(history: VitalSample[]): ChartRow[] {
  const rows = new Map<number, ChartRow>();
  for (const s of history) {
    const t = Math.round(s.at) / 1000;
    const row = rows.get(t) ?? { t };
    row[s.name] = (s.value / VITAL_LIMITS[s.name][0]) * 100;
    rows.set(t, row);
  }
  return [...rows.values()].sort((a, b) => a.t - b.t);
}

const seconds = (t: number) => `${t.toLocaleString('en-GB', { maximumFractionDigits: 1 })} s`;

/** A line chart of the session's vitals (recharts, the app's one chart library; loaded only with this screen). */
export function VitalsChart({ history }: { history: VitalSample[] }) {
  const rows = chartRows(history);
  return (
    <div className="perf-chart" role="img" aria-label="Line chart of this session's Core Web Vitals">
      <ResponsiveContainer width="100%" height={HEIGHT}>
        <LineChart data={rows} margin={{ top: 8, right: 16, bottom: 16, left: 8 }}>
          <CartesianGrid stroke="currentColor" strokeOpacity={0.12} />
          <XAxis
            dataKey="t"
            type="number"
            domain={['dataMin', 'dataMax']}
            tickFormatter={(t: number) => t.toLocaleString('en-GB', { maximumFractionDigits: 1 })}
            stroke="currentColor"
            fontSize={12}
            label={{
              value: 'Seconds since the page opened',
              position: 'insideBottom',
              offset: -10,
              fill: 'currentColor',
            }}
          />
          <YAxis
            tickFormatter={(v: number) => `${v}%`}
            stroke="currentColor"
            fontSize={12}
            width={56}
            label={{ value: '% of the good limit', angle: -90, position: 'insideLeft', fill: 'currentColor', dy: 60 }}
          />
          <ReferenceLine y={100} stroke="currentColor" strokeDasharray="4 4" strokeOpacity={0.5} />
          <Tooltip
            labelFormatter={(t) => seconds(Number(t))}
            formatter={(v) => `${Math.round(Number(v))}%`}
            contentStyle={{ color: '#0f172a' }}
          />
          <Legend verticalAlign="top" height={28} />
          {VITAL_NAMES.map((name, i) => (
            <Line
              key={name}
              dataKey={name}
              name={name}
              stroke={COLOURS[i]}
              strokeWidth={2}
              dot={{ r: 3 }}
              connectNulls
              isAnimationActive={false}
            />
          ))}
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}
