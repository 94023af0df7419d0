import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { DayCounts } from '../dashboard-stats';

const COLOURS = { low: '#94a3b8', medium: '#f59e0b', high: '#ef4444', critical: '#7f1d1d' } as const;

/** Error reports per day, stacked by severity. */
export function SeverityChart({ data }: { data: DayCounts[] }) {
  // The accessibility setting "Reduce motion" (or the system's) turns the bars' grow-in off.
  const animate = document.documentElement.dataset.motion !== 'reduced';
  return (
    <div className="admin-chart" role="img" aria-label="Error reports by severity per day, last 14 days">
      <ResponsiveContainer width="100%" height={260}>
        <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="day" tickFormatter={(d: string) => d.slice(5)} fontSize={12} />
          <YAxis allowDecimals={false} fontSize={12} />
          <Tooltip />
          <Legend itemSorter={null} />
          {(Object.keys(COLOURS) as (keyof typeof COLOURS)[]).map((s) => (
            <Bar key={s} dataKey={s} stackId="severity" fill={COLOURS[s]} name={s} isAnimationActive={animate} />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
