import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createClient } from '@supabase/supabase-js';
import {
  PHOTO_MAX_ATTEMPTS,
  PhotoOutboxDb,
  photoUrl,
  queuePhotoOps,
  retryPhotoOps,
  summarisePhotoOps,
  type NewPhotoOp,
} from '@/data/listing-photos';
import { PhotoUploader, type PhotoStorage, type StorageFailure } from './photo-uploader';

const USER = 'user-1';
const DEALER = '0b2e6c1e-7c1a-4b8e-9a0d-1f2e3d4c5b6a';
const A = '1a2b3c4d-0000-4000-8000-00000000000a';
const B = '1a2b3c4d-0000-4000-8000-00000000000b';

let store: PhotoOutboxDb;
let now: number;
let online: boolean;
let awaiting: Set<string>;
let calls: string[];
let answers: (StorageFailure | null)[];

const storage: PhotoStorage = {
  upload: async (path) => {
    calls.push(`upload ${path}`);
    return answers.shift() ?? null;
  },
  remove: async (path) => {
    calls.push(`remove ${path}`);
    return answers.shift() ?? null;
  },
};

const uploader = () =>
  new PhotoUploader({
    outbox: store,
    storage,
    userId: async () => USER,
    isOnline: () => online,
    awaitsServer: async (id) => awaiting.has(id),
    now: () => now,
  });

const op = (listingId: string, name: string, kind: 'upload' | 'remove' = 'upload'): NewPhotoOp => ({
  kind,
  userId: USER,
  dealerId: DEALER,
  listingId,
  path: `${DEALER}/${listingId}/${name}`,
  blob: kind === 'upload' ? new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], { type: 'image/jpeg' }) : null,
});
const short = (call: string) => call.replace(`${DEALER}/`, '').replace(A, 'A').replace(B, 'B');

beforeEach(() => {
  store = new PhotoOutboxDb(`photo-outbox-test-${Math.random()}`);
  now = 1_000_000;
  online = true;
  awaiting = new Set();
  calls = [];
  answers = [];
});
afterEach(async () => {
  await store.delete();
});

describe('PhotoUploader', () => {
  it('sends nothing offline, then every photo in the order it was added', async () => {
    online = false;
    await queuePhotoOps(store, [op(A, '1.jpg'), op(B, '1.jpg'), op(A, '2.jpg')]);
    await queuePhotoOps(store, [op(A, '3.jpg'), op(A, 'old.jpg', 'remove')]);
    const u = uploader();
    expect(await u.run()).toBe(0);
    expect(calls).toEqual([]);
    online = true;
    expect(await u.run()).toBe(5);
    expect(calls.map(short)).toEqual([
      'upload A/1.jpg',
      'upload B/1.jpg',
      'upload A/2.jpg',
      'upload A/3.jpg',
      'remove A/old.jpg',
    ]);
    expect(await store.photo_ops.count()).toBe(0);
  });

  it("waits for the listing's row to reach the server; other listings go meanwhile", async () => {
    awaiting.add(A);
    await queuePhotoOps(store, [op(A, '1.jpg'), op(B, '1.jpg')]);
    const u = uploader();
    await u.run();
    expect(calls.map(short)).toEqual(['upload B/1.jpg']);
    awaiting.clear();
    await u.run();
    expect(calls.map(short)).toEqual(['upload B/1.jpg', 'upload A/1.jpg']);
  });

  it('a failed try waits its delay and keeps the later photos of that listing behind it', async () => {
    await queuePhotoOps(store, [op(A, '1.jpg'), op(A, '2.jpg')]);
    answers = [{ message: 'fetch failed' }];
    const u = uploader();
    await u.run();
    expect(calls.map(short)).toEqual(['upload A/1.jpg']);
    const waiting = summarisePhotoOps(await store.photo_ops.toArray());
    expect(waiting).toMatchObject({ pending: 2, failed: 0, retryAt: now + 2_000 });
    expect(waiting.lastError).toBe('No connection: the photo will go when you are back online.');
    expect(await u.nextWakeAt()).toBe(now + 2_000);
    now += 1_999;
    await u.run();
    expect(calls).toHaveLength(1);
    now += 1;
    await u.run();
    expect(calls.map(short)).toEqual(['upload A/1.jpg', 'upload A/1.jpg', 'upload A/2.jpg']);
  });

  it(`stops after ${PHOTO_MAX_ATTEMPTS} tries, and Retry starts it again`, async () => {
    await queuePhotoOps(store, [op(A, '1.jpg')]);
    answers = Array.from({ length: PHOTO_MAX_ATTEMPTS }, () => ({ message: 'Bad gateway', status: 502 }));
    const u = uploader();
    for (let i = 0; i < PHOTO_MAX_ATTEMPTS; i++) {
      await u.run();
      now += 60_000;
    }
    expect(calls).toHaveLength(PHOTO_MAX_ATTEMPTS);
    expect(summarisePhotoOps(await store.photo_ops.toArray())).toMatchObject({ pending: 0, failed: 1 });
    await u.run();
    expect(calls).toHaveLength(PHOTO_MAX_ATTEMPTS);
    expect(await retryPhotoOps(store, A)).toBe(1);
    await u.run();
    expect(calls).toHaveLength(PHOTO_MAX_ATTEMPTS + 1);
    expect(await store.photo_ops.count()).toBe(0);
  });

  it('a refused file stops at once with the server’s reason', async () => {
    await queuePhotoOps(store, [op(A, '1.jpg')]);
    answers = [{ message: 'mime type text/plain is not supported', status: 415 }];
    await uploader().run();
    expect(summarisePhotoOps(await store.photo_ops.toArray())).toEqual({
      pending: 0,
      uploading: false,
      failed: 1,
      lastError: 'mime type text/plain is not supported',
      retryAt: null,
    });
  });

  it('a photo removed before it was sent needs neither call', async () => {
    online = false;
    await queuePhotoOps(store, [op(A, '1.jpg'), op(A, '2.jpg')]);
    await queuePhotoOps(store, [op(A, '1.jpg', 'remove')]);
    online = true;
    await uploader().run();
    expect(calls.map(short)).toEqual(['upload A/2.jpg']);
  });
});

describe('photo URLs', () => {
  it('are the ones supabase-js getPublicUrl builds', () => {
    const base = 'http://127.0.0.1:54321';
    const bucket = createClient(base, 'anon-key').storage.from('listing-photos');
    const path = `${DEALER}/${A}/9f1c.webp`;
    expect(photoUrl(path, undefined, base)).toBe(bucket.getPublicUrl(path).data.publicUrl);
    for (const width of [320, 640, 1280] as const)
      expect(photoUrl(path, width, base)).toBe(bucket.getPublicUrl(path, { transform: { width } }).data.publicUrl);
  });
});
