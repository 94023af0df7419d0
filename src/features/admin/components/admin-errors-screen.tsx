import { useMemo, useState } from 'react';
import type { ErrorReport } from '@/data/types';
import { fetchAdminList } from '../api/admin-api';
import { useAdminLive, useAdminRead } from '../api/use-admin-read';
import { AlertIcon, Badge, EmptyState, Field, LoadingBlock, PageHeader, Select, Switch } from '@/shared/ui';
import {
  componentsOf,
  filterReports,
  groupReports,
  type ErrorFilters,
  type ErrorGroup,
  type SeverityFilter,
  type TimeFilter,
} from '../error-groups';
import { ErrorReportDialog } from './error-report-dialog';
import { SeverityBadge } from './severity-badge';
import '../admin.css';

const SEVERITIES = [
  { value: 'all', label: 'All severities' },
  { value: 'critical', label: 'Critical' },
  { value: 'high', label: 'High' },
  { value: 'medium', label: 'Medium' },
  { value: 'low', label: 'Low' },
];
const TIMES = [
  { value: '1', label: 'Last hour' },
  { value: '24', label: 'Last 24 hours' },
  { value: '168', label: 'Last 7 days' },
  { value: 'all', label: 'All loaded' },
];

const when = (iso: string) => new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

/** /admin/errors: the server's error reports, filtered, grouped by message, with details and resolve. */
export function AdminErrorsScreen() {
  const read = useAdminRead('error_reports', () => fetchAdminList<ErrorReport>('error_reports', { limit: 500 }));
  const { reload } = read;
  // New and resolved reports arrive live (realtime); each change reads the list again.
  useAdminLive('error_reports', reload);
  const [filters, setFilters] = useState<ErrorFilters>({
    severity: 'all',
    hours: '168',
    component: '',
    showResolved: false,
  });
  const [open, setOpen] = useState<ErrorGroup | null>(null);
  const all = useMemo(() => read.data ?? [], [read.data]);
  const groups = useMemo(() => groupReports(filterReports(all, filters)), [all, filters]);
  const components = useMemo(() => componentsOf(all).map((c) => ({ value: c, label: c })), [all]);

  return (
    <div className="container page admin">
      <PageHeader eyebrow="Admin" title="Error reports" intro="Errors reported from the app, grouped by message." />
      <div className="admin-filters" role="group" aria-label="Filters">
        <Field label="Severity">
          <Select
            value={filters.severity}
            options={SEVERITIES}
            onChange={(e) => setFilters({ ...filters, severity: e.target.value as SeverityFilter })}
          />
        </Field>
        <Field label="Time">
          <Select
            value={filters.hours}
            options={TIMES}
            onChange={(e) => setFilters({ ...filters, hours: e.target.value as TimeFilter })}
          />
        </Field>
        <Field label="Component">
          <Select
            value={filters.component}
            placeholder="All components"
            options={components}
            onChange={(e) => setFilters({ ...filters, component: e.target.value })}
          />
        </Field>
        <Switch
          checked={filters.showResolved}
          onCheckedChange={(showResolved) => setFilters({ ...filters, showResolved })}
          label="Show resolved"
        />
      </div>
      {read.error && (
        <p className="admin-error" role="alert">
          {read.error}
        </p>
      )}
      {read.loading && read.data === undefined ? (
        <LoadingBlock label="Loading error reports…" />
      ) : groups.length === 0 ? (
        <EmptyState
          icon={<AlertIcon size={26} />}
          title="No error reports"
          description="Nothing matches these filters."
        />
      ) : (
        <ul className="admin-list" data-testid="error-groups">
          {groups.map((g) => (
            <li key={g.message} className="admin-row">
              <button type="button" className="admin-row__main" onClick={() => setOpen(g)}>
                <span className="admin-row__title">{g.message}</span>
                <span className="admin-row__meta">
                  {g.latest.context.component ?? 'unknown'} · last {when(g.latest.reported_at)}
                </span>
              </button>
              <SeverityBadge severity={g.worst} />
              <Badge aria-label={`${g.count} occurrences`}>×{g.count}</Badge>
            </li>
          ))}
        </ul>
      )}
      {open && <ErrorReportDialog group={open} onClose={() => setOpen(null)} onChanged={reload} />}
    </div>
  );
}
