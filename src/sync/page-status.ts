// The page's copy of the leader's status, fed by the status channel (any tab's leader) and kept
// in a tiny external store for useSyncExternalStore.
import type { SyncEvent, SyncStatus } from './engine-types';
import type { SyncErrorEvent } from './sync-errors';

/** Recent sync problems the status card lists. */
export const RECENT_PROBLEMS = 5;
import type { RealtimeNotice } from './channels';

export interface PageSyncState {
  status: SyncStatus;
  /** This tab's own worker is the uploader. */
  isLeaderTab: boolean;
  /** Whether the app treats itself as online: navigator.onLine and not simulating offline. */
  online: boolean;
  /** The latest sync-error events (from the leader and this page), newest first. */
  problems: SyncErrorEvent[];
  /** The tech demo's "simulate offline" switch is on (this tab turned it on). */
  simulatedOffline: boolean;
}

type Listener = () => void;
type EventListener = (event: Exclude<SyncEvent, { type: 'status' }>) => void;

const initialStatus: SyncStatus = {
  phase: 'idle',
  online: true,
  inFlight: 0,
  download: null,
  lastSyncedAt: null,
  lastError: null,
};

let state: PageSyncState = {
  status: initialStatus,
  isLeaderTab: false,
  online: typeof navigator === 'undefined' ? true : navigator.onLine,
  problems: [],
  simulatedOffline: false,
};
const listeners = new Set<Listener>();
const eventListeners = new Set<EventListener>();
const realtimeListeners = new Set<(notice: RealtimeNotice) => void>();

export function getPageSyncState(): PageSyncState {
  return state;
}

export function setPageSyncState(patch: Partial<PageSyncState>): void {
  state = { ...state, ...patch };
  for (const l of listeners) l();
}

export function subscribePageSyncState(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Sync errors and failures from the leader (for notices). */
export function onSyncEvent(listener: EventListener): () => void {
  eventListeners.add(listener);
  return () => eventListeners.delete(listener);
}

export function emitSyncEvent(event: Exclude<SyncEvent, { type: 'status' }>): void {
  if (event.type === 'sync-error') setPageSyncState({ problems: [event, ...state.problems].slice(0, RECENT_PROBLEMS) });
  for (const l of eventListeners) l(event);
}

/** Realtime changes the leader wrote into the local store, as they arrive. */
export function onRealtimeNotice(listener: (notice: RealtimeNotice) => void): () => void {
  realtimeListeners.add(listener);
  return () => realtimeListeners.delete(listener);
}

export function emitRealtimeNotice(notice: RealtimeNotice): void {
  for (const l of realtimeListeners) l(notice);
}
