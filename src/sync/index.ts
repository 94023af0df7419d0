// Page-side entry of the sync layer. startSync() (called once by main.tsx) starts this tab's sync
// worker, forwards the page's signals (online/offline, visible, auth changes) to the leader and
// mirrors the leader's status for the badge.
import {
  createSyncStore,
  db,
  findBookmark,
  pendingCountForUser as pendingForUser,
  setSessionUser,
  toggleBookmark,
  type SyncTableName,
} from '@/data';
import { getSupabase } from './supabase-client';
import {
  BACKGROUND_SYNC_TAG,
  COMMAND_CHANNEL,
  LEADER_LOCK,
  STATUS_CHANNEL,
  type StatusMessage,
  type SyncCommand,
  type WorkerMessage,
} from './channels';
import { emitSyncEvent, getPageSyncState, setPageSyncState, type PageSyncState } from './page-status';

export { getPageSyncState, subscribePageSyncState, onSyncEvent } from './page-status';
export type { PageSyncState } from './page-status';
export type { SyncStatus, SyncEvent, SyncPhase, DownloadProgress } from './engine';

let started = false;
let commands: BroadcastChannel | null = null;
let ownLeaderId: string | null = null;

/** Sends a command to whichever tab's worker leads (including this tab's). */
export function sendSyncCommand(cmd: SyncCommand): void {
  commands?.postMessage(cmd);
}

/** Unsynced changes of the signed-in user; the auth UI warns before sign-out clears them. */
export function pendingCountForUser(userId?: string | null): Promise<number> {
  return pendingForUser(userId);
}

interface SyncRegistration {
  sync?: { register(tag: string): Promise<void> };
}

async function registerBackgroundSync(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  try {
    const reg = (await navigator.serviceWorker.getRegistration()) as
      (ServiceWorkerRegistration & SyncRegistration) | undefined;
    await reg?.sync?.register(BACKGROUND_SYNC_TAG);
  } catch {
    // Background Sync is optional (not in every browser); the worker syncs when a tab is open.
  }
}

function startWorker(): Worker | null {
  if (typeof Worker === 'undefined') return null;
  const worker = new Worker(new URL('./worker.ts', import.meta.url), { type: 'module', name: 'motorly-sync' });
  worker.onmessage = (e: MessageEvent<WorkerMessage>) => {
    if (e.data.type === 'leader') {
      ownLeaderId = e.data.leaderId;
      setPageSyncState({ isLeaderTab: true });
    }
  };
  return worker;
}

/** Without worker support the page itself competes for the leader lock. */
async function startInPageLeader(): Promise<void> {
  if (!('locks' in navigator)) return;
  const { startLeader } = await import('./leader');
  void navigator.locks.request(LEADER_LOCK, async () => {
    const leader = await startLeader();
    ownLeaderId = leader.id;
    setPageSyncState({ isLeaderTab: true });
    await new Promise<never>(() => undefined);
  });
}

export interface SyncTestHooks {
  toggleListingBookmark(listingId: string): Promise<boolean>;
  isListingBookmarked(listingId: string): Promise<boolean>;
  queueCounts(): Promise<{ queued: number; parked: number }>;
  status(): PageSyncState;
  localCount(table: SyncTableName): Promise<number>;
  /**
   * The online-only baseline of bench:sync: the same bookmark write straight through supabase-js,
   * awaited (no local store). `bookmarked` is what the caller's screen shows now.
   * @returns the new state
   */
  onlineToggleBookmark(listingId: string, bookmarked: boolean): Promise<boolean>;
}

async function onlineToggleBookmark(listingId: string, bookmarked: boolean): Promise<boolean> {
  const supabase = getSupabase();
  const { data } = await supabase.auth.getSession();
  const userId = data.session?.user.id;
  if (!userId) throw new Error('Sign in first');
  const { error } = bookmarked
    ? await supabase.from('bookmarks').delete().eq('user_id', userId).eq('vehicle_listing_id', listingId)
    : await supabase
        .from('bookmarks')
        .insert({ id: crypto.randomUUID(), user_id: userId, vehicle_listing_id: listingId, note: '' });
  if (error) throw new Error(error.message);
  return !bookmarked;
}

/**
 * End-to-end tests opt in (localStorage 'motorly:test-hooks' = '1') to drive repository writes
 * before every screen with a write button exists. Off by default; exposes nothing else.
 */
function installTestHooks(): void {
  try {
    if (localStorage.getItem('motorly:test-hooks') !== '1') return;
  } catch {
    return;
  }
  const hooks: SyncTestHooks = {
    toggleListingBookmark: (listingId) => toggleBookmark(db, { listingId }),
    isListingBookmarked: async (listingId) => (await findBookmark(db, { listingId })) !== undefined,
    queueCounts: async () => ({ queued: await db.outbox.count(), parked: await db.needs_attention.count() }),
    status: () => getPageSyncState(),
    localCount: (table) => db.table(table).count(),
    onlineToggleBookmark,
  };
  (window as unknown as { __motorlySync?: SyncTestHooks }).__motorlySync = hooks;
}

/** Starts syncing for this tab. Safe to call more than once. */
export function startSync(): void {
  if (started || typeof window === 'undefined') return;
  started = true;
  installTestHooks();
  commands = new BroadcastChannel(COMMAND_CHANNEL);
  const status = new BroadcastChannel(STATUS_CHANNEL);
  status.onmessage = (e: MessageEvent<StatusMessage>) => {
    const msg = e.data;
    if (msg.type === 'status') setPageSyncState({ status: msg.status, isLeaderTab: msg.leaderId === ownLeaderId });
    else emitSyncEvent(msg.event);
  };

  let worker = startWorker();
  if (!worker) void startInPageLeader();
  // A frozen tab must not keep the lock: end its worker so another tab takes over; restart on resume.
  document.addEventListener('freeze', () => {
    worker?.terminate();
    worker = null;
    ownLeaderId = null;
    setPageSyncState({ isLeaderTab: false });
  });
  document.addEventListener('resume', () => {
    worker ??= startWorker();
  });

  const store = createSyncStore(db);
  let queued = 0;
  store.observeQueue(
    (counts) => {
      queued = counts.queued;
      // Registered whenever changes wait (not only offline): if the app is closed before they go,
      // the service worker drains them (sync/background.ts retries until no tab holds the lock).
      if (queued > 0) void registerBackgroundSync();
    },
    { delayMs: 250 },
  );

  window.addEventListener('online', () => {
    setPageSyncState({ online: true });
    sendSyncCommand({ type: 'online' });
  });
  window.addEventListener('offline', () => {
    setPageSyncState({ online: false });
    sendSyncCommand({ type: 'offline' });
    if (queued > 0) void registerBackgroundSync();
  });
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') sendSyncCommand({ type: 'visible' });
    else if (queued > 0) void registerBackgroundSync();
  });

  // The local store follows the signed-in account; the leader re-pulls and re-subscribes.
  let authQueue: Promise<void> = Promise.resolve();
  getSupabase().auth.onAuthStateChange((event, session) => {
    authQueue = authQueue
      .then(async () => {
        if (event === 'TOKEN_REFRESHED') {
          sendSyncCommand({ type: 'token-refreshed' });
          return;
        }
        await setSessionUser(db, session?.user.id ?? null);
        sendSyncCommand({ type: 'auth-changed' });
      })
      .catch(() => undefined);
  });

  sendSyncCommand({ type: 'status-request' });
}
