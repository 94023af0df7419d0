// Names and messages shared by pages, the leader worker and the service worker.
import type { SyncEvent, SyncStatus } from './engine-types';

/** Web Locks name: whoever holds it is the only uploader for this origin. */
export const LEADER_LOCK = 'motorly-sync-leader';
/** Background Sync tag the service worker answers with handleBackgroundSync(). */
export const BACKGROUND_SYNC_TAG = 'motorly-outbox';
/** Pages -> leader. */
export const COMMAND_CHANNEL = 'motorly-sync-commands';
/** Leader -> every page. */
export const STATUS_CHANNEL = 'motorly-sync-status';

export type SyncCommand =
  | { type: 'online' }
  | { type: 'offline' }
  | { type: 'visible' }
  | { type: 'kick' }
  /** The signed-in account changed (the page already switched the local store). */
  | { type: 'auth-changed' }
  /** Same account, new access token (realtime must use it). */
  | { type: 'token-refreshed' }
  | { type: 'status-request' }
  /** The tech demo's switch: treat the app as offline (writes queue) or not. */
  | { type: 'simulate-offline'; on: boolean }
  /** Download (or replace) the offline pack: cars within `radius` miles of `postcode`. */
  | { type: 'offline-pack-download'; postcode: string; radius: number }
  /** The offline pack's card is on screen: ready the way to its download (a download may follow). */
  | { type: 'offline-pack-warm' }
  /** Remove the offline pack (its listings leave unless pinned or in a search window). */
  | { type: 'offline-pack-remove' }
  /**
   * The shopper asked the server for a search: the catalogue download waits for a pause (foreground.ts). `at`
   * (epoch ms) when it was asked, if not now: a page tells its new worker of the searches made before it ran.
   */
  | { type: 'foreground'; at?: number };

/** A realtime change the leader wrote into the local store (the tech demo's live feed). */
export interface RealtimeNotice {
  table: string;
  eventType: 'INSERT' | 'UPDATE' | 'DELETE';
  rowId: string | null;
  at: number;
}

export type StatusMessage =
  | { type: 'status'; status: SyncStatus; leaderId: string }
  | { type: 'event'; event: Exclude<SyncEvent, { type: 'status' }>; leaderId: string }
  | { type: 'realtime'; notice: RealtimeNotice; leaderId: string };

/** Worker -> its own page. */
export type WorkerMessage = { type: 'leader'; leaderId: string } | { type: 'error'; message: string };
