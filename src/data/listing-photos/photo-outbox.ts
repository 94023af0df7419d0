// The photo outbox: a dealer's photo uploads (and removals) waiting for the network, with the image bytes
// kept as Blobs in IndexedDB so a tablet on the forecourt can add photos offline. A database of its own
// (not a table of the main store): it holds megabytes of blobs the main store's exports, counts and schema
// versions should not carry, and it is read only by the uploader (sync/photo-uploader.ts) and the rows'
// progress marks. Ops go in order of `seq`; per listing a later op never overtakes an earlier one.
import Dexie, { liveQuery, type EntityTable } from 'dexie';

export type PhotoOpKind = 'upload' | 'remove';
/** queued: waits its turn (or its retry time); uploading: on the wire; failed: stopped, needs Retry. */
export type PhotoOpState = 'queued' | 'uploading' | 'failed';

export interface PhotoOp {
  id: string;
  seq: number;
  kind: PhotoOpKind;
  user_id: string;
  dealer_id: string;
  listing_id: string;
  /** Object path in bucket listing-photos: {dealer_id}/{listing_id}/{name}. */
  path: string;
  /** The image (uploads only). */
  blob: Blob | null;
  content_type: string;
  state: PhotoOpState;
  attempts: number;
  /** Not before this time (ms since epoch). */
  next_attempt_at: number;
  last_error: string | null;
  created_at: number;
}

export class PhotoOutboxDb extends Dexie {
  declare photo_ops: EntityTable<PhotoOp, 'id'>;
  constructor(name = 'motorly-photo-outbox') {
    super(name);
    this.version(1).stores({ photo_ops: 'id, seq, listing_id, path' });
  }
}

/** The app's photo outbox. */
export const photoOutbox = new PhotoOutboxDb();

/** Tries before an upload stops and waits for the dealer's Retry. */
export const PHOTO_MAX_ATTEMPTS = 5;
/** Wait before try n+1 (ms): quick at first, for a connection that flickers on the forecourt. */
export const PHOTO_RETRY_DELAYS = [2_000, 5_000, 15_000, 30_000];

export interface NewPhotoOp {
  kind: PhotoOpKind;
  userId: string;
  dealerId: string;
  listingId: string;
  path: string;
  blob?: Blob | null;
  contentType?: string;
}

/** Queues photo ops in the given order (after every op already queued). */
export async function queuePhotoOps(store: PhotoOutboxDb, ops: NewPhotoOp[]): Promise<PhotoOp[]> {
  if (ops.length === 0) return [];
  return store.transaction('rw', store.photo_ops, async () => {
    const last = await store.photo_ops.orderBy('seq').last();
    let seq = last?.seq ?? 0;
    const now = Date.now();
    const rows: PhotoOp[] = ops.map((op) => ({
      id: crypto.randomUUID(),
      seq: ++seq,
      kind: op.kind,
      user_id: op.userId,
      dealer_id: op.dealerId,
      listing_id: op.listingId,
      path: op.path,
      blob: op.blob ?? null,
      content_type: op.contentType ?? op.blob?.type ?? '',
      state: 'queued',
      attempts: 0,
      next_attempt_at: 0,
      last_error: null,
      created_at: now,
    }));
    // An upload removed before it went needs neither op (one already on the wire is removed after it lands).
    const removedPaths = rows.filter((r) => r.kind === 'remove').map((r) => r.path);
    const unsent = (await store.photo_ops.where('path').anyOf(removedPaths).toArray()).filter(
      (p) => p.kind === 'upload' && p.state !== 'uploading',
    );
    await store.photo_ops.bulkDelete(unsent.map((p) => p.id));
    const cancelled = new Set(unsent.map((p) => p.path));
    const kept = rows.filter((r) => !(r.kind === 'remove' && cancelled.has(r.path)));
    await store.photo_ops.bulkAdd(kept);
    return kept;
  });
}

/**
 * The ops that may go now, oldest first: the first op of each listing (ops of one listing keep their
 * order), if it is queued and due, of the given user.
 */
export async function duePhotoOps(store: PhotoOutboxDb, userId: string, now: number): Promise<PhotoOp[]> {
  const all = await store.photo_ops.orderBy('seq').toArray();
  const headSeen = new Set<string>();
  const due: PhotoOp[] = [];
  for (const op of all) {
    if (op.user_id !== userId || headSeen.has(op.listing_id)) continue;
    headSeen.add(op.listing_id);
    if (op.state === 'queued' && op.next_attempt_at <= now) due.push(op);
  }
  return due;
}

/** The earliest time a listing's next op (queued, of the user) becomes due (ms), or null when none waits. */
export async function nextPhotoRetryAt(store: PhotoOutboxDb, userId: string): Promise<number | null> {
  const all = await store.photo_ops.orderBy('seq').toArray();
  const heads = new Map<string, PhotoOp>();
  for (const op of all) if (op.user_id === userId && !heads.has(op.listing_id)) heads.set(op.listing_id, op);
  const queued = [...heads.values()].filter((o) => o.state === 'queued');
  return queued.length ? Math.min(...queued.map((o) => o.next_attempt_at)) : null;
}

export async function markPhotoOpStarted(store: PhotoOutboxDb, id: string): Promise<void> {
  await store.photo_ops.update(id, { state: 'uploading' });
}

/** The op went through: it leaves the outbox. */
export async function completePhotoOp(store: PhotoOutboxDb, id: string): Promise<void> {
  await store.photo_ops.delete(id);
}

/**
 * A try failed. A transient failure waits and tries again (PHOTO_MAX_ATTEMPTS in all); a permanent one
 * (the file was refused) stops at once. Either way the message shows on the listing's row.
 */
export async function failPhotoOp(
  store: PhotoOutboxDb,
  id: string,
  error: string,
  permanent: boolean,
  now: number,
): Promise<PhotoOp | undefined> {
  return store.transaction('rw', store.photo_ops, async () => {
    const op = await store.photo_ops.get(id);
    if (!op) return undefined;
    const attempts = op.attempts + 1;
    const stop = permanent || attempts >= PHOTO_MAX_ATTEMPTS;
    const delay = PHOTO_RETRY_DELAYS[Math.min(attempts - 1, PHOTO_RETRY_DELAYS.length - 1)];
    const next: PhotoOp = {
      ...op,
      attempts,
      state: stop ? 'failed' : 'queued',
      next_attempt_at: stop ? 0 : now + delay,
      last_error: error,
    };
    await store.photo_ops.put(next);
    return next;
  });
}

/** An op was interrupted (the tab closed mid-upload): back to the queue, no try spent. */
export async function requeueInterruptedPhotoOps(store: PhotoOutboxDb): Promise<void> {
  await store.photo_ops
    .where('seq')
    .above(0)
    .modify((op) => {
      if (op.state === 'uploading') op.state = 'queued';
    });
}

/** The dealer's Retry: a listing's stopped ops go again, now, with fresh tries. */
export async function retryPhotoOps(store: PhotoOutboxDb, listingId: string): Promise<number> {
  return store.photo_ops
    .where('listing_id')
    .equals(listingId)
    .modify((op) => {
      if (op.state !== 'failed') return;
      op.state = 'queued';
      op.attempts = 0;
      op.next_attempt_at = 0;
    });
}

/** Drops a listing's waiting ops (the car was withdrawn before its photos went). */
export async function dropPhotoOps(store: PhotoOutboxDb, listingId: string): Promise<void> {
  await store.photo_ops.where('listing_id').equals(listingId).delete();
}

/** Calls `onChange` whenever the photo outbox changes (a photo queued, retried or done); returns the stop. */
export function watchPhotoOutbox(store: PhotoOutboxDb, onChange: () => void): () => void {
  const sub = liveQuery(async () =>
    (await store.photo_ops.toArray()).map((o) => `${o.id}:${o.state}:${o.attempts}`),
  ).subscribe({ next: () => onChange() });
  return () => sub.unsubscribe();
}
