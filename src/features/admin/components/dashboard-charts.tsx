// The dashboard's charts: the lazily loaded chunk that carries recharts (admin-dashboard-screen imports
// it with React.lazy).
import type { DashboardRange } from '../api/admin-dashboard-api';
import type { DayFigures } from '../dashboard-period';
import { DayChart, type ChartBar } from './day-chart';

const SEVERITY_BARS: ChartBar[] = [
  { metric: 'errors_low', name: 'Low', colour: '#94a3b8' },
  { metric: 'errors_medium', name: 'Medium', colour: '#d97706' },
  { metric: 'errors_high', name: 'High', colour: '#dc2626' },
  { metric: 'errors_critical', name: 'Critical', colour: '#7f1d1d' },
];

const CHARTS: { title: string; noun: string; bars: ChartBar[]; stacked?: boolean }[] = [
  { title: 'Sign-ups', noun: 'sign-ups', bars: [{ metric: 'signups', name: 'Sign-ups', colour: '#2563eb' }] },
  {
    title: 'Listings added and sold',
    noun: 'listings added or sold',
    bars: [
      { metric: 'listings_added', name: 'Added', colour: '#0d9488' },
      { metric: 'listings_sold', name: 'Sold', colour: '#7c3aed' },
    ],
  },
  { title: 'Leads', noun: 'leads', bars: [{ metric: 'leads', name: 'Leads', colour: '#ea580c' }] },
  { title: 'Error reports by severity', noun: 'error reports', bars: SEVERITY_BARS, stacked: true },
  {
    title: 'Sync failures reported',
    noun: 'sync failures',
    bars: [{ metric: 'sync_failures', name: 'Sync failures', colour: '#be123c' }],
  },
];

/** The charts, as cells of the screen's chart grid. */
export default function DashboardCharts({ series, days }: { series: DayFigures[]; days: DashboardRange }) {
  const rangeText = `the last ${days} days`;
  return (
    <>
      {CHARTS.map((c) => (
        <DayChart key={c.title} {...c} series={series} rangeText={rangeText} />
      ))}
    </>
  );
}
