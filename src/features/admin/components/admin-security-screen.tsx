import { useState, type FormEvent } from 'react';
import {
  fetchAdminList,
  fetchAdminUsers,
  fetchRlsStatus,
  RoleChangeError,
  setAdminRole,
  type AdminUser,
} from '../api/admin-api';
import { useAdminRead } from '../api/use-admin-read';
import { Badge, Button, Dialog, Field, Input, PageHeader, toast } from '@/shared/ui';
import '../admin.css';

interface SecurityEvent {
  id: string;
  event_type: string;
  email: string | null;
  ip: string | null;
  created_at: string;
}

const EVENT_LABELS: Record<string, string> = {
  sign_in: 'Sign-in',
  sign_in_failed: 'Failed sign-in',
  sign_up: 'Sign-up',
  rate_limited: 'Rate limit hit',
  password_reset: 'Password reset',
  sign_out: 'Sign-out',
  admin_granted: 'Admin granted',
  admin_revoked: 'Admin revoked',
};
const ALERT_EVENTS = new Set(['sign_in_failed', 'rate_limited']);

/** /admin/security: recent security events, admin roles and the live RLS self-check. */
export function AdminSecurityScreen() {
  const events = useAdminRead('security-events', () =>
    fetchAdminList<SecurityEvent>('security_events', { limit: 100 }),
  );
  const rls = useAdminRead('rls-status', () => fetchRlsStatus());
  const off = (rls.data ?? []).filter((t) => !t.rls_enabled);
  const tally = (type: string) => (events.data ?? []).filter((e) => e.event_type === type).length;
  return (
    <div className="container page admin">
      <PageHeader eyebrow="Admin" title="Security" intro="Sign-ins, rate limits, admin roles and row level security." />
      <div className="admin-cards">
        {(['sign_in', 'sign_in_failed', 'rate_limited'] as const).map((t) => (
          <div key={t} className="card">
            <p className="admin-muted">{EVENT_LABELS[t]}s (last 100 events)</p>
            <p className="admin-figure">{events.data ? tally(t) : '…'}</p>
          </div>
        ))}
      </div>
      <div className="admin-columns">
        <section className="admin-section" aria-labelledby="rls-h">
          <h2 id="rls-h">RLS self-check</h2>
          {rls.error && <p className="admin-error">{rls.error}</p>}
          {rls.data && (
            <p className="admin-rls" data-testid="rls-summary">
              {off.length === 0 ? (
                <Badge variant="success">RLS is on for all {rls.data.length} tables</Badge>
              ) : (
                <Badge variant="danger">RLS is off for {off.map((t) => t.table_name).join(', ')}</Badge>
              )}
            </p>
          )}
          <Button size="sm" onClick={rls.reload} loading={rls.loading}>
            Check again
          </Button>
        </section>
        <AdminRoles />
      </div>
      <section className="admin-section" aria-labelledby="events-h">
        <h2 id="events-h">Recent security events</h2>
        {events.error && <p className="admin-error">{events.error}</p>}
        <div className="admin-scroll">
          <table className="admin-table" data-testid="security-events">
            <thead>
              <tr>
                <th>When</th>
                <th>Event</th>
                <th>E-mail</th>
                <th>IP</th>
              </tr>
            </thead>
            <tbody>
              {(events.data ?? []).map((e) => (
                <tr key={e.id}>
                  <td>{new Date(e.created_at).toLocaleString('en-GB')}</td>
                  <td>
                    <Badge variant={ALERT_EVENTS.has(e.event_type) ? 'danger' : 'neutral'}>
                      {EVENT_LABELS[e.event_type] ?? e.event_type}
                    </Badge>
                  </td>
                  <td>{e.email ?? '–'}</td>
                  <td>{e.ip ?? '–'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
    </div>
  );
}

function AdminRoles() {
  const [query, setQuery] = useState('');
  const [search, setSearch] = useState('');
  const users = useAdminRead(`admin-users:${search}`, () => fetchAdminUsers(search));
  const [busy, setBusy] = useState<string | null>(null);
  // Revoking takes an admin's access away: it is confirmed first. Granting is undone as easily.
  const [confirming, setConfirming] = useState<AdminUser | null>(null);
  const change = async (u: AdminUser) => {
    setConfirming(null);
    setBusy(u.user_id);
    try {
      await setAdminRole(u.user_id, !u.is_admin);
      toast({ title: u.is_admin ? 'Admin revoked' : 'Admin granted', description: u.email });
      users.reload();
    } catch (e) {
      const description = e instanceof RoleChangeError ? e.message : 'The role could not be changed. Please try again.';
      toast({ title: 'Update Failed', description, variant: 'destructive' });
    } finally {
      setBusy(null);
    }
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSearch(query.trim());
  };
  return (
    <section className="admin-section" aria-labelledby="roles-h">
      <h2 id="roles-h">Admins</h2>
      <form className="admin-search" onSubmit={submit} role="search">
        <Field label="Find a user by e-mail" hint="Leave empty to list the admins.">
          <Input type="search" value={query} onChange={(e) => setQuery(e.target.value)} />
        </Field>
        <Button type="submit">Search</Button>
      </form>
      {users.error && <p className="admin-error">{users.error}</p>}
      <ul className="admin-list" data-testid="admin-users">
        {(users.data ?? []).map((u) => (
          <li key={u.user_id} className="admin-row">
            <span className="admin-row__main admin-row__title">{u.email}</span>
            {u.is_admin && <Badge variant="primary">Admin</Badge>}
            <Button
              size="sm"
              variant={u.is_admin ? 'danger' : 'outline'}
              loading={busy === u.user_id}
              onClick={() => (u.is_admin ? setConfirming(u) : change(u))}
            >
              {u.is_admin ? 'Revoke admin' : 'Make admin'}
            </Button>
          </li>
        ))}
      </ul>
      {confirming && (
        <Dialog
          open
          onOpenChange={(o) => !o && setConfirming(null)}
          title="Revoke admin?"
          description={`${confirming.email} will lose access to the admin area at once: reviews, error reports, security and the dashboard.`}
          footer={
            <>
              <Button variant="ghost" onClick={() => setConfirming(null)}>
                Cancel
              </Button>
              <Button variant="danger" onClick={() => change(confirming)}>
                Revoke admin
              </Button>
            </>
          }
        />
      )}
    </section>
  );
}
