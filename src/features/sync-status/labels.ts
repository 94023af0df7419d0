// Human wording for queued ops and sync phases.
import { syncedLabels } from '@/data/sync-queue';
import type { OutboxOp } from '@/data/types';
import type { SyncErrorKind, SyncPhase } from '@/sync';

// Every synced table's label comes from its entry in data/synced-tables.ts.
const TABLE_LABELS: Record<string, string> = syncedLabels();

const VERBS: Record<OutboxOp['type'], string> = { create: 'added', update: 'changed', delete: 'removed' };

export function describeOp(op: Pick<OutboxOp, 'table' | 'type'>): string {
  return `${TABLE_LABELS[op.table] ?? op.table.replace(/_/g, ' ')} ${VERBS[op.type]}`;
}

/** Changes on this device the server does not have yet. */
export interface PendingCounts {
  queued: number;
  parked: number;
}

/** The status line; never "Up to date" while a change is queued or needs attention. */
export function phaseLabel(
  phase: SyncPhase,
  online: boolean,
  pending: PendingCounts = { queued: 0, parked: 0 },
): string {
  if (!online || phase === 'offline') return 'Offline';
  switch (phase) {
    case 'pushing':
      return 'Syncing changes';
    case 'pulling':
      return 'Updating';
    case 'backoff':
      return 'Retrying soon';
    case 'signed-out':
      return 'Sign in to sync';
    default:
      if (pending.parked > 0) return 'Needs attention';
      if (pending.queued > 0) return 'Pending';
      return 'Up to date';
  }
}

export function formatAgo(ms: number | null, now: number = Date.now()): string {
  if (ms === null) return 'Not yet';
  const s = Math.max(0, Math.round((now - ms) / 1000));
  if (s < 10) return 'Just now';
  if (s < 60) return `${s} seconds ago`;
  const m = Math.round(s / 60);
  if (m < 60) return m === 1 ? '1 minute ago' : `${m} minutes ago`;
  return new Date(ms).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' });
}

const PROBLEM_LABELS: Record<SyncErrorKind, string> = {
  push: 'Uploading changes',
  pull: 'Downloading updates',
  refetch: 'Checking saved changes',
  'auth-refresh': 'Renewing your session',
  realtime: 'Live updates',
  command: 'Sync worker',
  'auth-change': 'Switching account',
  queue: 'Reading the upload queue',
  'background-sync': 'Background sync',
};

/** What was being done when a sync problem happened. */
export function problemLabel(kind: SyncErrorKind): string {
  return PROBLEM_LABELS[kind];
}
