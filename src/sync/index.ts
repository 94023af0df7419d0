// Page-side entry of the sync layer. startSync() (called once by main.tsx) starts this tab's sync
// worker, forwards the page's signals (online/offline, visible, auth changes) to the leader and
// mirrors the leader's status for the badge.
import { db } from '@/data/db';
import { createSyncStore, pendingCountForUser as pendingForUser, setSessionUser } from '@/data/sync-queue';
import {
  BACKGROUND_SYNC_TAG,
  COMMAND_CHANNEL,
  LEADER_LOCK,
  STATUS_CHANNEL,
  type StatusMessage,
  type SyncCommand,
  type WorkerMessage,
} from './channels';
import { emitRealtimeNotice, emitSyncEvent, getPageSyncState, setPageSyncState } from './page-status';
import { followAuthChanges, registerBackgroundSync } from './page-edges';
import { pageProblem } from './page-problem';
import { tellWorkerOfSearches } from './foreground-notice';

export { getPageSyncState, subscribePageSyncState, onSyncEvent, onRealtimeNotice } from './page-status';
export { isCatalogueArriving, useCatalogueArriving } from './use-catalogue-arriving';
export type { PageSyncState } from './page-status';
export type { SyncStatus, SyncEvent, SyncPhase, DownloadProgress } from './engine-types';
export type { SyncErrorEvent, SyncErrorKind } from './sync-errors';
export type { RealtimeNotice } from './channels';
export { useRealtimeNotices } from './use-realtime-notices';
export { useListingOnDemand } from './use-listing-on-demand';
export { useListingsOnDemand } from './use-listings-on-demand';

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

function requestBackgroundSync(): Promise<void> {
  if (!('serviceWorker' in navigator)) return Promise.resolve();
  return registerBackgroundSync(BACKGROUND_SYNC_TAG, () => navigator.serviceWorker.getRegistration(), pageProblem);
}

function startWorker(): Worker | null {
  if (typeof Worker === 'undefined') return null;
  const worker = new Worker(new URL('./worker.ts', import.meta.url), { type: 'module', name: 'motorly-sync' });
  worker.onmessage = (e: MessageEvent<WorkerMessage>) => {
    if (e.data.type === 'leader') {
      ownLeaderId = e.data.leaderId;
      setPageSyncState({ isLeaderTab: true });
      // A new leader starts online: tell it if this tab is simulating offline.
      if (getPageSyncState().simulatedOffline) sendSyncCommand({ type: 'simulate-offline', on: true });
    }
  };
  tellWorkerOfSearches(worker);
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

const networkOnline = () => (typeof navigator === 'undefined' ? true : navigator.onLine);

/**
 * The tech demo's switch: the sync engine treats the app as offline (writes queue, nothing is sent
 * or pulled) until switched back, when the queue drains. Lasts until switched off or the tab closes.
 */
export function setSimulatedOffline(on: boolean): void {
  setPageSyncState({ simulatedOffline: on, online: networkOnline() && !on });
  sendSyncCommand({ type: 'simulate-offline', on });
}

/** Starts syncing for this tab. Safe to call more than once. */
export function startSync(): void {
  if (started || typeof window === 'undefined') return;
  started = true;
  // Test/bench builds only: Vite replaces the flag at build time, so the product drops the import.
  if (import.meta.env.VITE_TEST_HOOKS === '1') void import('./testing/page-hooks').then((m) => m.installTestHooks());
  commands = new BroadcastChannel(COMMAND_CHANNEL);
  const status = new BroadcastChannel(STATUS_CHANNEL);
  status.onmessage = (e: MessageEvent<StatusMessage>) => {
    const msg = e.data;
    if (msg.type === 'status') setPageSyncState({ status: msg.status, isLeaderTab: msg.leaderId === ownLeaderId });
    else if (msg.type === 'realtime') emitRealtimeNotice(msg.notice);
    else emitSyncEvent(msg.event);
  };

  let worker = startWorker();
  if (!worker) void startInPageLeader();
  // A dealer's queued photos (the forecourt tablet offline): their uploader needs supabase-js, a chunk of its own.
  void import('./photo-upload-runner').then((m) => m.startPhotoUploads());
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
      if (queued > 0) void requestBackgroundSync();
    },
    { delayMs: 250 },
  );

  window.addEventListener('online', () => {
    setPageSyncState({ online: !getPageSyncState().simulatedOffline });
    sendSyncCommand({ type: 'online' });
  });
  window.addEventListener('offline', () => {
    setPageSyncState({ online: false });
    sendSyncCommand({ type: 'offline' });
    if (queued > 0) void requestBackgroundSync();
  });
  // The simulation belongs to this tab: a leader in another tab must not stay "offline" after it closes.
  window.addEventListener('pagehide', () => {
    if (getPageSyncState().simulatedOffline) sendSyncCommand({ type: 'simulate-offline', on: false });
  });
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') sendSyncCommand({ type: 'visible' });
    else if (queued > 0) void requestBackgroundSync();
  });

  // The local store follows the signed-in account; the leader re-pulls and re-subscribes.
  const onAuth = followAuthChanges({
    setSessionUser: (userId) => setSessionUser(db, userId),
    send: (type) => sendSyncCommand({ type }),
    onError: pageProblem,
  });
  // supabase-js is a chunk of its own, evaluated here (or by auth's start) rather than with this module: the
  // screens that import this module (the sync badge, the marketplace) then render without waiting for it.
  void import('./supabase-client').then(({ getSupabase }) =>
    getSupabase().auth.onAuthStateChange((event, session) => void onAuth(event, session?.user.id ?? null)),
  );

  sendSyncCommand({ type: 'status-request' });
}
