// Types shared by the engine (engine.ts) and its steps (push.ts, pull.ts, after-ack.ts).
import type { SyncStore } from '@/data/sync-queue';
import type { Cursor, SyncTableName } from '@/data/types';
import type { SyncErrorEvent } from './sync-errors';
import type { SyncTransport } from './transport';
import type { ForegroundGate } from './foreground';

export interface Clock {
  now(): number;
  setTimeout(cb: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export type SyncPhase = 'idle' | 'pushing' | 'pulling' | 'offline' | 'backoff' | 'signed-out';

export interface DownloadProgress {
  done: number;
  total: number;
}

export interface SyncStatus {
  phase: SyncPhase;
  online: boolean;
  /** Ops in the request currently on the wire. */
  inFlight: number;
  /** First catalogue download; null when not downloading. */
  download: DownloadProgress | null;
  lastSyncedAt: number | null;
  /** Friendly text of the last failure, cleared by a success. */
  lastError: string | null;
}

export type SyncEvent =
  | { type: 'status'; status: SyncStatus }
  | SyncErrorEvent
  | { type: 'sync-failed'; count: number; message: string }
  | { type: 'pulled'; table: SyncTableName; count: number };

export type PullScope = 'all' | 'user';

export interface EngineSettings {
  /** Ops per apply_mutations request. */
  batchSize: number;
  /** Rows per pull page (PostgREST commonly caps at 1000). */
  pageSize: number;
  /** Delay before a failed try is retried (SPEC §9: 5 s). */
  retryDelayMs: number;
  /** Timer trigger that resumes transiently-failed parked ops. */
  resumeDelayMs: number;
  /** Catch-up overlap window (see timestamps.catchUpStart). */
  overlapMs: number;
  /** Tables pulled for everyone. */
  catalogueTables: readonly SyncTableName[];
  /** Tables pulled when signed in. */
  userTables: readonly SyncTableName[];
}

/** The offline pack's area, as the pull and realtime follow it. */
export interface PackArea {
  outcodes: string[];
  /** The pack's centre and radius: a listing that moves into the area joins the pack only within it. */
  centre: { lat: number; lng: number };
  radius: number;
  /** Listings there changed after this are pulled (null: from the pack's own download). */
  cursor: Cursor | null;
}

/**
 * Which listings the device holds (issue 32): vehicle_listings is pulled for these, never whole. Without a
 * scope (engine tests of the generic page chain) the table is pulled like any other.
 */
export interface ListingScope {
  /** Listings the user's rows point to and the recently opened ones. */
  pinnedIds(): Promise<string[]>;
  /** The pinned listings the last catch-up followed: others are pulled whole. */
  followedIds(): Promise<Set<string>>;
  setFollowedIds(ids: readonly string[]): Promise<void>;
  /** Which of these listings the device has a row for. */
  presentIds(ids: readonly string[]): Promise<Set<string>>;
  /** The offline pack's area, or null (no pack, or its download has not finished). */
  area(): Promise<PackArea | null>;
  /** Stores the area's catch-up cursor and adds listings that came into the area to the pack. */
  areaPulled(cursor: Cursor, joined: readonly string[]): Promise<void>;
  /** The stock of the dealers the signed-in user belongs to (the dealer hub's), or null when none. */
  stock?(): Promise<{ dealerIds: string[]; cursor: Cursor | null } | null>;
  stockPulled?(dealerIds: readonly string[], cursor: Cursor): Promise<void>;
  /** What price history follows (price-history-pull.ts); absent: listing_price_history is pulled whole. */
  heldHistory?(): Promise<HeldHistory>;
}

/** The held listings and the price history the device has for listings (issue 32: history follows listings). */
export interface HeldHistory {
  /** Every listing the device has a row for: pinned, the pack's, the search windows', a dealer's stock. */
  listingIds: ReadonlySet<string>;
  /** The history rows on the device by the listing they belong to: their ids and latest updated_at. */
  history: ReadonlyMap<string, { rowIds: readonly string[]; updatedAt: string }>;
}

/** Scheduling state the engine and its steps share (one cycle at a time, so no locking). */
export interface EngineState {
  /** No request before this time after a whole-request failure. */
  backoffUntil: number;
  /** When transiently-failed parked ops are put back in the queue by the timer. */
  resumeAt: number;
  /** No session to refresh: user ops wait for sign-in. */
  authBlocked: boolean;
  pullDue: PullScope | null;
  /** A trigger arrived while the cycle ran. */
  again: boolean;
}

/** What a step of a cycle may use. */
export interface CycleContext {
  readonly store: SyncStore;
  readonly transport: SyncTransport;
  readonly clock: Clock;
  readonly settings: EngineSettings;
  readonly state: EngineState;
  /** Present in the app (the leader): vehicle_listings is pulled for the held listings only. */
  readonly scope?: ListingScope;
  /** Present in the app (the leader): catalogue tables wait for the shopper's searches to pause. */
  readonly foreground?: ForegroundGate;
  isOnline(): boolean;
  isStopped(): boolean;
  emit(event: SyncEvent): void;
  update(patch: Partial<SyncStatus>): void;
  status(): SyncStatus;
}
