// Background Sync entry for the service worker ('sync' event, tag 'motorly-outbox'): drains the
// outbox once when no tab is syncing. If a tab's worker holds the leader lock it uploads already,
// so this does not race it; it fails instead while changes wait, so the browser retries after the
// tab has closed.
import { db } from '@/data/db';
import { createSyncStore } from '@/data/sync-queue';
import { LEADER_LOCK } from './channels';
import { SyncEngine } from './engine';
import { createSupabaseTransport } from './supabase-transport';
import { createWorkerSupabaseClient } from './worker-client';

async function drainOnce(): Promise<void> {
  const engine = new SyncEngine({
    store: createSyncStore(db),
    transport: createSupabaseTransport(createWorkerSupabaseClient()),
    isOnline: () => navigator.onLine,
  });
  await engine.drain();
  engine.stop();
  const left = await createSyncStore(db).pendingOps();
  // Rejecting tells the browser to schedule another Background Sync attempt later.
  if (left.some((op) => op.next_attempt_at === 0)) throw new Error('Outbox not drained');
}

/**
 * Drains the outbox from the service worker. When a tab leads, that tab uploads; but if changes are
 * still waiting the event fails, so the browser fires it again later, after the app may have closed.
 */
export async function handleBackgroundSync(): Promise<void> {
  if (typeof navigator === 'undefined' || !('locks' in navigator)) return drainOnce();
  const drained = await navigator.locks.request(LEADER_LOCK, { ifAvailable: true }, async (lock) => {
    if (!lock) return false;
    await drainOnce();
    return true;
  });
  if (!drained && (await createSyncStore(db).pendingOps()).length > 0) {
    throw new Error('A tab is syncing; try again later');
  }
}
