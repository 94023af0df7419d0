// Issue 32: listing_price_history follows the listings the device holds. The sync engine in Node
// (fake-indexeddb) against the real stack (PGlite, or PostgreSQL with STACK_DB=postgres): it holds the
// history of its held listings only, a price change made on the server (the listing trigger writes the
// history row) arrives with the next catch-up, and a listing that leaves the device takes its history along.
import 'fake-indexeddb/auto';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MotorlyDb } from '@/data/db';
import { dexieListingScope, recentListings, recordListingOpened } from '@/data/offline-pack';
import { createSyncStore, setSessionUser } from '@/data/sync-queue';
import { SyncEngine } from '@/sync/engine';
import { createSupabaseTransport } from '@/sync/supabase-transport';
import type { SyncTransport } from '@/sync/transport';
import { anonClient, seedCatalogueFixture, serviceClient, type CatalogueFixture } from './helpers';

let fx: CatalogueFixture;
let db: MotorlyDb;
let engine: SyncEngine | null = null;
let n = 0;

beforeAll(async () => {
  fx = await seedCatalogueFixture();
});

afterEach(async () => {
  engine?.stop();
  await db?.delete();
});

/** The server's history rows for a listing, as [id, price] sorted by id. */
async function serverHistory(listingId: string): Promise<[string, number][]> {
  const { data, error } = await serviceClient()
    .from('listing_price_history')
    .select('id, price')
    .eq('vehicle_listing_id', listingId);
  if (error) throw new Error(error.message);
  return (data as { id: string; price: number }[]).map((h): [string, number] => [h.id, h.price]).sort();
}

async function localHistory(listingId?: string): Promise<[string, number][]> {
  const rows = listingId
    ? await db.listing_price_history.where('vehicle_listing_id').equals(listingId).toArray()
    : await db.listing_price_history.toArray();
  return rows.map((h): [string, number] => [h.id, h.price]).sort();
}

async function setup() {
  db = new MotorlyDb(`history-scope-${process.pid}-${++n}`);
  await setSessionUser(db, null);
  const transport = createSupabaseTransport(anonClient());
  /** The price-history page requests, by the listings they named (none: the whole table). */
  const asked: (readonly string[] | null)[] = [];
  const spied: SyncTransport = {
    ...transport,
    pullPage: (table, after, limit, where) => {
      if (table === 'listing_price_history') asked.push(where?.values ?? null);
      return transport.pullPage(table, after, limit, where);
    },
  };
  engine = new SyncEngine({
    store: createSyncStore(db),
    transport: spied,
    isOnline: () => true,
    catalogueTables: ['vehicle_listings', 'listing_price_history'],
    userTables: [],
    scope: dexieListingScope(db),
  });
  const pull = async () => {
    await engine!.trigger('all');
    await engine!.whenIdle();
  };
  return { asked, pull };
}

describe('price history scoped to the held listings', () => {
  it('holds the history of held listings only, follows a price change, and drops it with the listing', async () => {
    const { asked, pull } = await setup();
    const [held, other] = fx.listings;
    await recordListingOpened(db, held.id);
    await pull();
    expect(await db.vehicle_listings.count()).toBe(1);
    // The listing's whole history (its first price, from the insert trigger), and no other listing's.
    const first = await serverHistory(held.id);
    expect(first.length).toBeGreaterThan(0);
    expect(await localHistory()).toEqual(first);
    expect(asked).toEqual([[held.id]]);
    expect(await localHistory(other.id)).toEqual([]);

    // A price drop on the server: the listing trigger writes a history row in the same transaction.
    const { error } = await serviceClient()
      .from('vehicle_listings')
      .update({ price: held.price - 500 })
      .eq('id', held.id);
    expect(error).toBeNull();
    asked.splice(0);
    await pull();
    expect((await db.vehicle_listings.get(held.id))?.price).toBe(held.price - 500);
    const second = await serverHistory(held.id);
    expect(second.length).toBe(first.length + 1);
    expect(await localHistory()).toEqual(second);
    expect(asked).toEqual([[held.id]]);

    // Nothing changed: a catch-up asks for no history.
    asked.splice(0);
    await pull();
    expect(asked).toEqual([]);

    // The listing leaves the device (no longer pinned, its row evicted): its history goes too.
    await recentListings(db).clear();
    await db.vehicle_listings.delete(held.id);
    await pull();
    expect(await localHistory()).toEqual([]);
  });
});
