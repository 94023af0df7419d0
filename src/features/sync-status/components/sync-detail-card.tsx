import { useParkedOpActions, useSyncQueue } from '@/data/sync-queue';
import { sendSyncCommand } from '@/sync';
import { Button } from '@/shared/ui';
import type { SyncStatusView } from '../hooks/use-sync-status';
import { describeOp, formatAgo, phaseLabel, problemLabel } from '../labels';

const kickSync = () => sendSyncCommand({ type: 'kick' });

interface Props {
  view: SyncStatusView;
  id: string;
  onClose: () => void;
}

/** The badge's detail card: connection, queue, in flight, needs attention, last synced, download. */
export function SyncDetailCard({ view, id, onClose }: Props) {
  const { online, status } = view;
  // The ops themselves, live while the card is open.
  const queue = useSyncQueue();
  const queued = queue?.queued ?? [];
  const parked = queue?.parked ?? [];
  const lastSyncedAt = queue?.lastSyncedAt ?? status.lastSyncedAt;
  const download = status.download;
  const pct = download && download.total > 0 ? Math.round((download.done / download.total) * 100) : 0;

  const { retry, discard, retryAll } = useParkedOpActions(kickSync);

  return (
    <div
      className="sync-card"
      id={id}
      role="dialog"
      aria-modal="false"
      aria-labelledby={`${id}-title`}
      data-testid="sync-detail-card"
    >
      <div className="sync-card__head">
        <h2 className="sync-card__title" id={`${id}-title`}>
          Sync status
        </h2>
        <button type="button" className="btn btn--ghost btn--sm" onClick={onClose} aria-label="Close sync status">
          ✕
        </button>
      </div>
      <dl className="sync-card__facts">
        <div>
          <dt>Connection</dt>
          <dd data-testid="sync-connection">{online ? 'Online' : 'Offline'}</dd>
        </div>
        <div>
          <dt>Status</dt>
          <dd data-testid="sync-phase">
            {phaseLabel(status.phase, online, { queued: queued.length, parked: parked.length })}
          </dd>
        </div>
        <div>
          <dt>Queued</dt>
          <dd data-testid="sync-queued">{queued.length}</dd>
        </div>
        <div>
          <dt>In flight</dt>
          <dd data-testid="sync-in-flight">{status.inFlight}</dd>
        </div>
        <div>
          <dt>Needs attention</dt>
          <dd data-testid="sync-parked">{parked.length}</dd>
        </div>
        <div>
          <dt>Last synced</dt>
          <dd>{formatAgo(lastSyncedAt)}</dd>
        </div>
      </dl>

      {download && (
        <div className="sync-card__download">
          <label htmlFor={`${id}-progress`}>
            Downloading the catalogue: {download.done.toLocaleString('en-GB')} of{' '}
            {download.total.toLocaleString('en-GB')}
          </label>
          <progress
            id={`${id}-progress`}
            max={download.total || 1}
            value={download.done}
            data-testid="sync-download-progress"
          >
            {pct}%
          </progress>
        </div>
      )}

      {!online && queued.length > 0 && (
        <p className="sync-card__note">Your changes are saved on this device and will sync when you are back online.</p>
      )}
      {status.lastError && online && <p className="sync-card__note sync-card__note--error">{status.lastError}</p>}

      {view.problems.length > 0 && (
        <section aria-labelledby={`${id}-problems`} className="sync-card__problems" data-testid="sync-problems">
          <h3 id={`${id}-problems`}>Recent problems</h3>
          <ul>
            {view.problems.map((p) => (
              <li key={`${p.time}-${p.kind}-${p.cause}`} data-testid="sync-problem">
                <strong>{problemLabel(p.kind)}</strong>
                <span className="sync-card__error">{p.message}</span>
                <span className="muted">{formatAgo(p.time)}</span>
              </li>
            ))}
          </ul>
        </section>
      )}

      {parked.length > 0 && (
        <section aria-labelledby={`${id}-attention`} className="sync-card__attention">
          <div className="sync-card__attention-head">
            <h3 id={`${id}-attention`}>Needs attention</h3>
            {parked.length > 1 && (
              <Button size="sm" variant="ghost" onClick={() => void retryAll()}>
                Retry all
              </Button>
            )}
          </div>
          <ul>
            {parked.map((op) => (
              <li key={op.id} data-testid="sync-parked-op">
                <div>
                  <strong>{describeOp(op)}</strong>
                  <span className="sync-card__error">{op.last_error ?? 'Could not be saved.'}</span>
                </div>
                <div className="sync-card__actions">
                  <Button
                    size="sm"
                    variant="secondary"
                    onClick={() => void retry(op.id)}
                    aria-label={`Retry: ${describeOp(op)}`}
                  >
                    Retry
                  </Button>
                  <Button
                    size="sm"
                    variant="ghost"
                    onClick={() => void discard(op.id)}
                    aria-label={`Discard: ${describeOp(op)}`}
                  >
                    Discard
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
