import { useState } from 'react';
import { DataRightsError, deleteMyAccount, signOutThisDevice } from '../api/data-rights-api';
import { clearDeviceData } from '@/data/device';
import { reportError } from '@/shared/lib/report-error';
import { Button, Card, Field, Input } from '@/shared/ui';
import { rememberAccountDeleted } from '../account-deleted-notice';

/** What the user types to confirm (a deliberate act, not a stray click). */
export const DELETE_CONFIRMATION = 'DELETE';

/** Erasure: deletes the account and its data on the server, then signs out and clears this device. */
export function DeleteAccountCard({ email, onDeleted }: { email: string | null; onDeleted: () => void }) {
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const confirmed = typed.trim() === DELETE_CONFIRMATION;
  const run = async () => {
    if (!confirmed || busy) return;
    setBusy(true);
    setError(null);
    try {
      await deleteMyAccount();
    } catch (e) {
      setBusy(false);
      setError(e instanceof DataRightsError ? e.message : 'Your account could not be deleted. Please try again.');
      return;
    }
    await signOutThisDevice();
    // The account is gone on the server either way; data left on this device is reported, not hidden.
    await clearDeviceData().catch((e: unknown) =>
      reportError(e, { component: 'data-rights', action: 'clear-device-after-delete' }),
    );
    rememberAccountDeleted();
    onDeleted();
  };
  return (
    <Card as="section" aria-labelledby="delete-title" className="rights-danger btn-wrap">
      <h2 id="delete-title" className="card__title">
        Delete my account and my data
      </h2>
      <p className="card__description">
        Deletes {email ? <strong>{email}</strong> : 'your account'} and everything linked to it on our servers: saved
        cars, price alerts, notifications, preferences and activity. Dealers you wrote to keep the conversation, shown
        as from a &lsquo;Deleted user&rsquo; without your name, e-mail or phone. This cannot be undone. You are then
        signed out and this device is cleared.
      </p>
      <form
        className="stack"
        onSubmit={(e) => {
          e.preventDefault();
          void run();
        }}
      >
        <Field label={`Type ${DELETE_CONFIRMATION} to confirm`} error={error}>
          <Input value={typed} onChange={(e) => setTyped(e.target.value)} autoComplete="off" spellCheck={false} />
        </Field>
        <div className="cluster">
          <Button type="submit" variant="danger" disabled={!confirmed} loading={busy}>
            Delete my account and my data
          </Button>
        </div>
      </form>
    </Card>
  );
}
