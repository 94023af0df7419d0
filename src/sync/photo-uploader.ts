// Sends the photo outbox to Storage: one op at a time in queue order, a listing's photos strictly in the
// order they were added, and only once the listing itself has reached the server (Storage lets a dealer
// write under {dealer_id}/{listing_id}/ only for a listing of his that exists). A failed try waits and
// goes again (data/listing-photos: PHOTO_RETRY_DELAYS); a refused file stops at once with its reason.
//
//   queued ──(due, online, listing on the server)──▶ uploading ──ok──▶ (gone)
//     ▲                                                  │
//     └──── transient failure, tries left (waits) ◀──────┤
//   failed ◀── refused, or out of tries ◀────────────────┘   failed ──Retry──▶ queued
import {
  completePhotoOp,
  duePhotoOps,
  failPhotoOp,
  markPhotoOpStarted,
  nextPhotoRetryAt,
  type PhotoOp,
  type PhotoOutboxDb,
} from '@/data/listing-photos';

export interface StorageFailure {
  message: string;
  /** HTTP status, when the server answered. */
  status?: number;
}

/** The two Storage calls the uploader makes (supabase-js's storage.from(bucket) in the app). */
export interface PhotoStorage {
  upload(path: string, blob: Blob, contentType: string): Promise<StorageFailure | null>;
  remove(path: string): Promise<StorageFailure | null>;
}

export interface PhotoUploaderDeps {
  outbox: PhotoOutboxDb;
  storage: PhotoStorage;
  userId: () => Promise<string | null>;
  isOnline: () => boolean;
  /** Whether the listing's own row is still on its way to the server. */
  awaitsServer: (listingId: string) => Promise<boolean>;
  now: () => number;
}

/** Refusals no retry can change: a file that is not an image, too large, over the 20-photo cap. */
export function isPermanentPhotoFailure(f: StorageFailure): boolean {
  if (f.status === 400 || f.status === 413 || f.status === 415 || f.status === 422) return true;
  return /at most 20 photos|mime type|not supported|too large|exceeded the maximum/i.test(f.message);
}

/** The message a stock row shows for a failure. */
export function photoFailureMessage(f: StorageFailure): string {
  if (f.status === undefined || f.status === 0) return 'No connection: the photo will go when you are back online.';
  if (f.status === 401 || f.status === 403) return 'Storage did not accept the photo yet; it will try again.';
  if (f.status >= 500) return 'Storage is not answering; the photo will try again.';
  return f.message;
}

export class PhotoUploader {
  private running: Promise<number> | null = null;
  private again = false;

  constructor(private readonly deps: PhotoUploaderDeps) {}

  /** Sends every op that may go now; a call during a run makes that run look again. Resolves to ops sent. */
  run(): Promise<number> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = this.drain().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  /** When the next waiting op is due (ms), for the caller's timer; null when nothing waits. */
  async nextWakeAt(): Promise<number | null> {
    const userId = await this.deps.userId();
    return userId ? nextPhotoRetryAt(this.deps.outbox, userId) : null;
  }

  private async drain(): Promise<number> {
    let sent = 0;
    do {
      this.again = false;
      for (;;) {
        const op = await this.nextOp();
        if (!op) break;
        if (await this.send(op)) sent += 1;
      }
    } while (this.again);
    return sent;
  }

  private async nextOp(): Promise<PhotoOp | null> {
    if (!this.deps.isOnline()) return null;
    const userId = await this.deps.userId();
    if (!userId) return null;
    for (const op of await duePhotoOps(this.deps.outbox, userId, this.deps.now())) {
      if (!(await this.deps.awaitsServer(op.listing_id))) return op;
    }
    return null;
  }

  private async send(op: PhotoOp): Promise<boolean> {
    const { outbox, storage } = this.deps;
    await markPhotoOpStarted(outbox, op.id);
    let failure: StorageFailure | null;
    try {
      failure =
        op.kind === 'upload'
          ? op.blob
            ? await storage.upload(op.path, op.blob, op.content_type)
            : { message: 'The photo was lost on this device.', status: 400 }
          : await storage.remove(op.path);
    } catch (err) {
      failure = { message: err instanceof Error ? err.message : String(err) };
    }
    if (!failure) {
      await completePhotoOp(outbox, op.id);
      return true;
    }
    const permanent = isPermanentPhotoFailure(failure);
    await failPhotoOp(
      outbox,
      op.id,
      permanent ? failure.message : photoFailureMessage(failure),
      permanent,
      this.deps.now(),
    );
    return false;
  }
}
