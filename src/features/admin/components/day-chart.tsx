// One per-day bar chart of the dashboard (recharts: the admin area's one chart library). Loaded with
// the charts' lazy chunk only, so recharts never weighs on a shopper's page.
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { DashboardMetric } from '../api/admin-dashboard-api';
import { chartSummary, isEmpty, longDay, shortDay, yTicks, type DayFigures } from '../dashboard-period';

export interface ChartBar {
  metric: DashboardMetric;
  name: string;
  colour: string;
}

export interface DayChartProps {
  title: string;
  /** What is counted, plural ("sign-ups"): for the summary and the empty message. */
  noun: string;
  series: DayFigures[];
  bars: ChartBar[];
  stacked?: boolean;
  /** The range in words ("the last 30 days") for the empty message. */
  rangeText: string;
}

const HEIGHT = 220;
const count = (n: number) => n.toLocaleString('en-GB');
const sumAt = (day: DayFigures, metrics: DashboardMetric[]) => metrics.reduce((s, m) => s + day[m], 0);
const maxAt = (day: DayFigures, metrics: DashboardMetric[]) => Math.max(...metrics.map((m) => day[m]));

/** A titled chart of one or more figures per day; a range with none of them says so instead. */
export function DayChart({ title, noun, series, bars, stacked, rangeText }: DayChartProps) {
  const metrics = bars.map((b) => b.metric);
  const empty = isEmpty(series, metrics);
  // The accessibility setting "Reduce motion" (or the system's) turns the bars' grow-in off.
  const animate = document.documentElement.dataset.motion !== 'reduced';
  const ticks = yTicks(Math.max(0, ...series.map((day) => (stacked ? sumAt(day, metrics) : maxAt(day, metrics)))));
  return (
    <section className="admin-chart-card card" aria-label={title}>
      <h2 className="admin-chart-card__title">{title}</h2>
      {empty ? (
        <p className="admin-chart-card__empty">
          No {noun} in {rangeText}.
        </p>
      ) : (
        <div className="admin-chart" role="img" aria-label={`${title}: ${chartSummary(series, metrics, noun)}`}>
          <ResponsiveContainer width="100%" height={HEIGHT}>
            <BarChart data={series} margin={{ top: 8, right: 8, bottom: 0, left: -8 }} barCategoryGap="15%">
              <CartesianGrid strokeDasharray="3 3" vertical={false} />
              <XAxis
                dataKey="day"
                tickFormatter={shortDay}
                interval="preserveStartEnd"
                fontSize={12}
                tickLine={false}
                minTickGap={12}
              />
              <YAxis
                allowDecimals={false}
                fontSize={12}
                width={40}
                ticks={ticks}
                domain={[0, ticks[ticks.length - 1]]}
              />
              <Tooltip
                labelFormatter={(day) => longDay(String(day))}
                formatter={(value, name) => [count(Number(value)), name]}
              />
              {bars.length > 1 && <Legend itemSorter={null} wrapperStyle={{ fontSize: 13 }} />}
              {bars.map((b) => (
                <Bar
                  key={b.metric}
                  dataKey={b.metric}
                  name={b.name}
                  fill={b.colour}
                  stackId={stacked ? 'day' : undefined}
                  isAnimationActive={animate}
                />
              ))}
            </BarChart>
          </ResponsiveContainer>
        </div>
      )}
    </section>
  );
}
