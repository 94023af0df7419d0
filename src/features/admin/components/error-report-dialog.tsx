import { useState } from 'react';
import { useAdminWrites } from '@/data/admin';
import type { ErrorReport } from '@/data/types';
import { fetchUserEmails } from '../api/admin-dashboard-api';
import { useAdminRead } from '../api/use-admin-read';
import { Badge, Button, Dialog, toast } from '@/shared/ui';
import { occurrences, type ErrorGroup } from '../error-groups';
import { browserOf, otherDetails, reporterOf, stackOf, type ReportContext } from '../error-details';
import { SeverityBadge } from './severity-badge';

const when = (iso: string) => new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

/** One group's reports, each laid out as who, where, on what and the stack; resolve them all at once. */
export function ErrorReportDialog({
  group,
  onClose,
  onChanged,
}: {
  group: ErrorGroup;
  onClose: () => void;
  onChanged: () => void;
}) {
  const { resolveErrorReport } = useAdminWrites();
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<Set<string>>(new Set());
  const userIds = [...new Set(group.reports.flatMap((r) => (r.user_id ? [r.user_id] : [])))].sort();
  const emails = useAdminRead(`reporters:${userIds.join(',')}`, () => fetchUserEmails(userIds));
  const unresolved = group.reports.filter((r) => !r.resolved && !done.has(r.id));
  const resolveAll = async () => {
    setBusy(true);
    try {
      for (const r of unresolved) await resolveErrorReport(r);
      setDone(new Set([...done, ...unresolved.map((r) => r.id)]));
      toast({ title: 'Marked resolved', description: 'The change is saved and syncs to the server.' });
      onChanged();
    } catch {
      toast({
        title: 'Update Failed',
        description: 'The report could not be marked resolved.',
        variant: 'destructive',
      });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      open
      onOpenChange={(o) => !o && onClose()}
      title="Error report"
      description={group.message}
      className="admin-report-dialog"
      footer={
        <Button variant="primary" onClick={resolveAll} loading={busy} disabled={unresolved.length === 0}>
          {unresolved.length === 0 ? 'Resolved' : 'Mark resolved'}
        </Button>
      }
    >
      {emails.error && <p className="admin-error">{emails.error}</p>}
      <ol className="admin-detail">
        {group.reports.map((r) => (
          <ReportDetail
            key={r.id}
            report={r}
            reporter={reporterOf(r.user_id, emails.error ? {} : emails.data)}
            resolved={r.resolved || done.has(r.id)}
          />
        ))}
      </ol>
    </Dialog>
  );
}

function ReportDetail({ report, reporter, resolved }: { report: ErrorReport; reporter: string; resolved: boolean }) {
  const c = report.context as ReportContext;
  const stack = stackOf(report);
  // The four facts every report should carry are always listed (saying when one is missing); the rest
  // only when present.
  const optional: [string, string | undefined][] = [
    ['Where in the app', [c.component, c.action].filter(Boolean).join(' · ') || undefined],
    ['Their words', c.comment],
    ...otherDetails(report).map((d): [string, string] => [d.label, d.value]),
  ];
  const rows: [string, string | undefined][] = [
    ['Reported by', reporter],
    ['Route', c.route],
    ['App version', c.app_version],
    ['Browser', browserOf(c.user_agent)],
    ...optional.filter(([, value]) => value !== undefined),
  ];
  return (
    <li className="admin-report">
      <p className="admin-report__head">
        <SeverityBadge severity={report.severity} />
        <span>{when(report.reported_at)}</span>
        {occurrences(report) > 1 && <Badge>×{occurrences(report)}</Badge>}
        {resolved && <Badge variant="success">Resolved</Badge>}
      </p>
      <dl className="admin-report__facts">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value ?? <span className="admin-muted">Not recorded</span>}</dd>
          </div>
        ))}
      </dl>
      {c.user_agent && (
        <details className="admin-report__more">
          <summary>Full user agent</summary>
          <p>{c.user_agent}</p>
        </details>
      )}
      <h3 className="admin-report__stack-title">Stack</h3>
      {stack ? (
        // A region that takes focus, so a long stack scrolls from the keyboard.
        <pre className="admin-stack" role="region" tabIndex={0} aria-label="Stack trace">
          {stack}
        </pre>
      ) : (
        <p className="admin-muted">No stack was recorded for this report.</p>
      )}
    </li>
  );
}
