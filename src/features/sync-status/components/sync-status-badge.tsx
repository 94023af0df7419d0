import { useEffect, useId, useRef, useState } from 'react';
import { useSyncNotices } from '../hooks/use-sync-notices';
import { useSyncStatus } from '../hooks/use-sync-status';
import { phaseLabel } from '../labels';
import { SyncDetailCard } from './sync-detail-card';
import '../sync-badge.css';
import '../sync-status.css';

/** Top-bar badge: online/offline and the number of changes waiting to sync; opens the detail card. */
export function SyncStatusBadge() {
  const view = useSyncStatus();
  const [open, setOpen] = useState(false);
  const cardId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  useSyncNotices();

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setOpen(false);
        buttonRef.current?.focus();
      }
    };
    const onPointer = (e: PointerEvent) => {
      if (rootRef.current && !rootRef.current.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  const { online, pendingCount, parkedCount, status } = view;
  const state = !online
    ? 'offline'
    : parkedCount
      ? 'attention'
      : pendingCount || status.phase === 'pushing'
        ? 'syncing'
        : 'online';
  const label = online ? 'Online' : 'Offline';
  const countText = pendingCount
    ? `, ${pendingCount} ${pendingCount === 1 ? 'change' : 'changes'} waiting to sync`
    : '';
  const attentionText = parkedCount ? `, ${parkedCount} need${parkedCount === 1 ? 's' : ''} attention` : '';

  return (
    <div className="sync-badge" ref={rootRef} data-state={state} data-leader={view.isLeaderTab ? 'true' : 'false'}>
      <button
        ref={buttonRef}
        type="button"
        className="sync-badge__button"
        aria-expanded={open}
        aria-controls={open ? cardId : undefined}
        aria-label={`Sync status: ${label}${countText}${attentionText}`}
        onClick={() => setOpen((o) => !o)}
        data-testid="sync-status-badge"
      >
        <span className="sync-badge__dot" aria-hidden="true" />
        <span className="sync-badge__label">{label}</span>
        {pendingCount > 0 && (
          <span className="sync-badge__count" data-testid="sync-pending-count">
            {pendingCount > 99 ? '99+' : pendingCount}
          </span>
        )}
      </button>
      <span className="sr-only sync-badge__live" role="status" aria-live="polite">
        {`${phaseLabel(status.phase, online, { queued: view.queuedCount, parked: parkedCount })}${countText}`}
      </span>
      {open && <SyncDetailCard view={view} id={cardId} onClose={() => setOpen(false)} />}
    </div>
  );
}
