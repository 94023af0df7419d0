// Background Sync entry for the service worker ('sync' event, tag 'motorly-outbox'): drains the
// outbox once when no tab is syncing. If a tab's worker holds the leader lock it uploads already,
// so this returns at once rather than racing it.
import { createSyncStore, db } from '@/data';
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

/** Drains the outbox from the service worker; resolves when done or when a tab leader exists. */
export async function handleBackgroundSync(): Promise<void> {
  if (typeof navigator === 'undefined' || !('locks' in navigator)) return drainOnce();
  await navigator.locks.request(LEADER_LOCK, { ifAvailable: true }, async (lock) => {
    if (lock) await drainOnce();
  });
}
