import { useState } from 'react';
import { useSyncQueue } from '@/data/sync-queue';
import { clearDeviceData } from '@/data/device';
import { Button, Card, Dialog } from '@/shared/ui';

/** "Clear local data": after a confirmation (warning about unsynced changes) wipe this device and reload. */
export function ClearDataCard({ reload = () => window.location.reload() }: { reload?: () => void }) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const queue = useSyncQueue();
  // The user's own changes: a queued error report is the app's diagnostics, not something they made.
  const pending = [...(queue?.queued ?? []), ...(queue?.parked ?? [])].filter(
    (op) => op.table !== 'error_reports',
  ).length;
  const clear = async () => {
    setBusy(true);
    setFailed(false);
    try {
      await clearDeviceData();
      reload();
    } catch {
      setBusy(false);
      setFailed(true);
    }
  };
  return (
    <Card as="section" aria-labelledby="clear-title" className="privacy-card">
      <h2 id="clear-title" className="card__title">
        Clear local data
      </h2>
      <p className="card__description">
        Removes everything Motorly keeps in this browser: the offline copy of the catalogue, your saved cars and alerts,
        unsent changes, your sign-in and these settings. Data in your account on our servers is not affected; to delete
        that, use Your Data Rights.
      </p>
      <div className="cluster">
        <Button variant="danger" onClick={() => setOpen(true)}>
          Clear local data
        </Button>
      </div>
      <Dialog
        open={open}
        onOpenChange={(next) => !busy && setOpen(next)}
        title="Clear local data?"
        description="This browser forgets Motorly's data and signs you out here, then the app reloads."
        footer={
          <>
            <Button onClick={() => setOpen(false)} disabled={busy}>
              Cancel
            </Button>
            <Button variant="danger" loading={busy} onClick={() => void clear()}>
              {pending > 0 ? 'Clear and lose changes' : 'Clear data'}
            </Button>
          </>
        }
      >
        {pending > 0 && (
          <p className="privacy-warning" role="alert" data-testid="clear-pending-warning">
            {pending === 1
              ? "1 change hasn't reached the server yet. Clearing now loses it."
              : `${pending} changes haven't reached the server yet. Clearing now loses them.`}{' '}
            Go online and wait for them to sync first if you want to keep them.
          </p>
        )}
        {failed && (
          <p className="privacy-warning" role="alert">
            The data could not be cleared. Close other Motorly tabs and try again.
          </p>
        )}
      </Dialog>
    </Card>
  );
}
