// "Clear local data" empties the local store (rows, queued ops, sync state), forgets the sign-in,
// deletes runtime caches but not the app's precache, and clears local/session storage.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { toggleBookmark } from '@/data/bookmarks';
import { MotorlyDb } from '@/data/db';
import { countLocalTables } from '@/data/device';
import { setSessionUser } from '@/data/sync-queue';
import { setComparedListings } from '@/data/offline-pack';
import { brandRow } from '@/data/testing/fixtures';
import { clearDeviceData } from './clear-device-data';

const USER = '11111111-1111-4111-8111-111111111111';
let db: MotorlyDb;
let n = 0;

class MemoryStorage {
  items = new Map<string, string>();
  clear() {
    this.items.clear();
  }
}

function fakeCaches(names: string[]) {
  const left = new Set(names);
  return {
    left,
    keys: async () => [...left],
    delete: async (name: string) => left.delete(name),
  };
}

beforeEach(async () => {
  db = new MotorlyDb(`test-clear-${++n}`);
  await setSessionUser(db, USER);
  await toggleBookmark(db, { listingId: 'listing-1' });
  await db.brands.put(brandRow({ id: 'b1' }));
  await setComparedListings(db, ['listing-2']);
});
afterEach(async () => {
  await db.delete();
});

describe('clearDeviceData', () => {
  it('empties every local table, the session, runtime caches and storage; keeps the precache', async () => {
    const before = await countLocalTables(db);
    expect(before.bookmarks).toBe(1);
    expect(before.outbox).toBe(1);
    expect(before.brands).toBe(1);
    expect(before.compared_listings).toBe(1);

    const storage = new MemoryStorage();
    storage.items.set('motorly.consent', '{}');
    const caches = fakeCaches(['workbox-precache-v2-http://x/', 'motorly-api', 'motorly-images']);
    let sessionForgotten = false;

    const deleted = await clearDeviceData({
      db,
      caches,
      storages: [storage],
      forgetSession: async () => {
        sessionForgotten = true;
      },
    });

    const after = await countLocalTables(db);
    expect(Object.values(after).every((c) => c === 0)).toBe(true);
    expect(Object.keys(after)).toEqual(
      expect.arrayContaining(['bookmarks', 'outbox', 'needs_attention', 'sync_state', 'compared_listings']),
    );
    expect(sessionForgotten).toBe(true);
    expect(deleted.sort()).toEqual(['motorly-api', 'motorly-images']);
    expect([...caches.left]).toEqual(['workbox-precache-v2-http://x/']);
    expect(storage.items.size).toBe(0);
  });
});
