// What the page and the uploader read and write of the photo outbox: a listing's upload progress (the
// stock row's mark), the local copies of photos not yet sent, queueing and Retry.
import { useEffect, useMemo, useState } from 'react';
import { db as appDb, type MotorlyDb } from '../db';
import { useLiveQuery } from '../hooks/use-live-query';
import {
  dropPhotoOps,
  photoOutbox,
  queuePhotoOps,
  retryPhotoOps,
  type NewPhotoOp,
  type PhotoOp,
  type PhotoOutboxDb,
} from './photo-outbox';

export interface PhotoUploadState {
  /** Photos still to send (waiting, retrying or on the wire). */
  pending: number;
  uploading: boolean;
  /** Stopped after their tries or refused: the dealer's Retry sends them again. */
  failed: number;
  /** The latest failure's message, for the row. */
  lastError: string | null;
  /** When a waiting photo tries again (ms), if one is waiting after a failure. */
  retryAt: number | null;
}

export function summarisePhotoOps(ops: readonly PhotoOp[]): PhotoUploadState {
  const uploads = ops.filter((o) => o.kind === 'upload');
  const failedOps = uploads.filter((o) => o.state === 'failed');
  const retrying = uploads.filter((o) => o.state === 'queued' && o.attempts > 0);
  const lastFailed = [...uploads].filter((o) => o.last_error).sort((a, b) => b.seq - a.seq)[0];
  return {
    pending: uploads.length - failedOps.length,
    uploading: uploads.some((o) => o.state === 'uploading'),
    failed: failedOps.length,
    lastError: lastFailed?.last_error ?? null,
    retryAt: retrying.length ? Math.min(...retrying.map((o) => o.next_attempt_at)) : null,
  };
}

/** A listing's photo uploads, live (undefined while loading). */
export function usePhotoUploadState(listingId: string, store: PhotoOutboxDb = photoOutbox) {
  return useLiveQuery(
    async () => summarisePhotoOps(await store.photo_ops.where('listing_id').equals(listingId).toArray()),
    [listingId, store],
  );
}

/**
 * Object URLs of the photos among `paths` that are still only on this device (queued uploads), so the
 * dealer sees what he added before it reached Storage. Revoked when no longer shown.
 */
export function useLocalPhotoUrls(
  paths: readonly string[],
  store: PhotoOutboxDb = photoOutbox,
): ReadonlyMap<string, string> {
  const key = paths.join('|');
  const blobs = useLiveQuery(async () => {
    if (!key) return [] as [string, Blob][];
    const ops = await store.photo_ops.where('path').anyOf(key.split('|')).toArray();
    return ops.filter((o) => o.kind === 'upload' && o.blob).map((o) => [o.path, o.blob!] as [string, Blob]);
  }, [key, store]);
  const [urls, setUrls] = useState<ReadonlyMap<string, string>>(new Map());
  useEffect(() => {
    if (!blobs?.length) {
      setUrls(new Map());
      return;
    }
    const made = new Map(blobs.map(([path, blob]) => [path, URL.createObjectURL(blob)]));
    setUrls(made);
    return () => made.forEach((url) => URL.revokeObjectURL(url));
  }, [blobs]);
  return urls;
}

/** Whether the listing's row has not reached the server yet (its create op is still queued or parked). */
export async function listingAwaitsServer(listingId: string, store: MotorlyDb = appDb): Promise<boolean> {
  const key: [string, string] = ['vehicle_listings', listingId];
  const [queued, parked] = await Promise.all([
    store.outbox
      .where('[table+row_id]')
      .equals(key)
      .filter((op) => op.type === 'create')
      .count(),
    store.needs_attention
      .where('[table+row_id]')
      .equals(key)
      .filter((op) => op.type === 'create')
      .count(),
  ]);
  return queued + parked > 0;
}

/** Queue, retry and drop photo ops (the stock editor and the stock row's Retry). */
export function usePhotoWrites(store: PhotoOutboxDb = photoOutbox) {
  return useMemo(
    () => ({
      queue: (ops: NewPhotoOp[]) => queuePhotoOps(store, ops),
      retry: (listingId: string) => retryPhotoOps(store, listingId),
      drop: (listingId: string) => dropPhotoOps(store, listingId),
    }),
    [store],
  );
}
