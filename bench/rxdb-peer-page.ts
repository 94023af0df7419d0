// Browser side of the RxDB peer (bench/rxdb-peer.ts bundles this file and serves it on its own localhost
// origin, so RxDB gets a fresh IndexedDB in the same Chromium as Motorly). RxDB 17 in production mode:
// no rxdb/plugins/dev-mode (its schema and document checks would slow every write) and no premium flag
// (the Dexie storage is the free one; it only logs a console note about premium storages).
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { createRxDatabase, type RxCollection, type RxDatabase, type RxJsonSchema } from 'rxdb';
import { replicateSupabase, type RxSupabaseReplicationState } from 'rxdb/plugins/replication-supabase';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';

type Doc = Record<string, unknown> & { id: string };

const id36 = { type: 'string', maxLength: 36 } as const;
const num = (max: number) => ({ type: 'number', minimum: 0, maximum: max, multipleOf: 1 }) as const;
const text = (max: number) => ({ type: 'string', maxLength: max }) as const;

/**
 * vehicle_listings as RxDB sees it: every column is stored; the indexed ones are declared with the
 * bounds RxDB's index strings need. The indexes follow Motorly's Dexie store for listings (single
 * columns and the model+price pair), so both engines maintain comparable indexes while downloading.
 */
const listingSchema: RxJsonSchema<Doc> = {
  version: 0,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: id36,
    car_model_id: id36,
    brand_id: id36,
    dealer_id: id36,
    price: num(100_000_000),
    mileage: num(10_000_000),
    year: num(3000),
    fuel_type: text(20),
    body_style: text(20),
    status: text(20),
    listed_at: text(40),
    updated_at: text(40),
  },
  // The Dexie storage indexes required fields only (all of these are NOT NULL columns).
  required: [
    'id',
    'car_model_id',
    'brand_id',
    'dealer_id',
    'price',
    'mileage',
    'year',
    'fuel_type',
    'body_style',
    'status',
    'listed_at',
    'updated_at',
  ],
  indexes: [
    'price',
    'mileage',
    'year',
    'listed_at',
    'car_model_id',
    'brand_id',
    'dealer_id',
    'fuel_type',
    'body_style',
    'status',
    'updated_at',
    ['car_model_id', 'price'],
  ],
};

/** rxdb_bench_bookmarks (see its migration): bookmarks' shape; _deleted/_modified are the plugin's. */
const bookmarkSchema: RxJsonSchema<Doc> = {
  version: 0,
  primaryKey: 'id',
  type: 'object',
  properties: { id: id36, user_id: id36, vehicle_listing_id: id36, note: text(2000) },
  required: ['id', 'user_id', 'vehicle_listing_id', 'note'],
  indexes: ['user_id', 'vehicle_listing_id'],
};

interface Peer {
  client: SupabaseClient;
  bookmarks?: {
    db: RxDatabase;
    collection: RxCollection<Doc>;
    replicationIdentifier: string;
    replication: RxSupabaseReplicationState<Doc>;
  };
}
let peer: Peer | null = null;

const now = () => performance.now();

async function openCollection(name: string, schema: RxJsonSchema<Doc>) {
  const db = await createRxDatabase({ name, storage: getRxStorageDexie(), multiInstance: false });
  const { docs } = await db.addCollections({ docs: { schema } });
  return { db, collection: docs as RxCollection<Doc> };
}

function ready(): Peer {
  if (!peer) throw new Error('call init first');
  return peer;
}

const api = {
  init(url: string, anonKey: string): void {
    peer = { client: createClient(url, anonKey, { auth: { persistSession: false, autoRefreshToken: false } }) };
  },

  async signIn(email: string, password: string): Promise<void> {
    const { error } = await ready().client.auth.signInWithPassword({ email, password });
    if (error) throw new Error(`RxDB peer sign-in failed: ${error.message}`);
    const { data } = await ready().client.auth.getSession();
    ready().client.realtime.setAuth(data.session?.access_token ?? null);
  },

  /**
   * First download of vehicle_listings (the real table, anon key, RLS as for Motorly). The plugin's
   * checkpoint is (modifiedField, id): updated_at, which vehicle_listings has and indexes with id.
   * The table hard-deletes (Motorly tombstones in deleted_rows), so no row carries `_deleted` and every
   * pulled row is a live document. Pages of 1,000, the most the Data API returns, as Motorly uses.
   * Timed from the replication's start to the goal-th document stored (counted from the collection's
   * change events, which fire after each storage write commits), and to the end of the initial pull.
   */
  async download(goal: number): Promise<{ goalMs: number; allMs: number; count: number }> {
    const { client } = ready();
    const { db, collection } = await openCollection(`rxdb-peer-listings-${Date.now()}`, listingSchema);
    let stored = 0;
    let goalAt = -1;
    const sub = collection.$.subscribe(() => {
      stored += 1;
      if (goalAt < 0 && stored >= goal) goalAt = now();
    });
    const t0 = now();
    const replication = replicateSupabase<Doc>({
      tableName: 'vehicle_listings',
      client,
      collection,
      replicationIdentifier: `rxdb-peer-listings-${Date.now()}`,
      modifiedField: 'updated_at',
      live: false,
      // one tab: no leader election to wait for (Motorly's figure starts after its own election too)
      waitForLeadership: false,
      pull: { batchSize: 1000 },
    });
    const failed = firstError(replication);
    await Promise.race([replication.awaitInitialReplication(), failed]);
    const allMs = now() - t0;
    sub.unsubscribe();
    const count = await collection.count().exec();
    await replication.cancel();
    await db.remove();
    return { goalMs: goalAt < 0 ? Infinity : goalAt - t0, allMs, count };
  },

  /** Opens the bookmarks collection with a live two-way replication and waits for its first sync. */
  async openBookmarks(): Promise<void> {
    const p = ready();
    const { db, collection } = await openCollection(`rxdb-peer-bookmarks-${Date.now()}`, bookmarkSchema);
    const replicationIdentifier = `rxdb-peer-bookmarks-${Date.now()}`;
    p.bookmarks = {
      db,
      collection,
      replicationIdentifier,
      replication: await replicateBookmarks(collection, replicationIdentifier),
    };
  },

  /**
   * The 1,000-write drain. RxDB has no online/offline switch of its own, and the plugin cannot be
   * paused and resumed (start() after pause() re-adds realtime callbacks to a subscribed channel and
   * throws), so "offline" is the replication cancelled: `writes` new bookmarks are written locally one
   * by one, then the same replication (same identifier, so its checkpoints carry on) starts again;
   * timed until every write is acknowledged by the server (awaitInSync: push and pull idle).
   * Each write is a new document: RxDB pushes only a document's newest state, so toggling one
   * bookmark 1,000 times would send one row, while Motorly's outbox sends every op.
   */
  async drain(writes: number, userId: string, listingIds: string[]): Promise<number> {
    const b = ready().bookmarks;
    if (!b) throw new Error('open the bookmarks first');
    await b.replication.awaitInSync();
    await b.replication.cancel();
    for (let i = 0; i < writes; i++) {
      await b.collection.insert({
        id: crypto.randomUUID(),
        user_id: userId,
        vehicle_listing_id: listingIds[i % listingIds.length],
        note: '',
      });
    }
    const t0 = now();
    b.replication = await replicateBookmarks(b.collection, b.replicationIdentifier, true);
    return now() - t0;
  },

  /** Resolves with Date.now() when the document `id` is stored in the local collection. */
  arrival(id: string): Promise<number> {
    const b = ready().bookmarks;
    if (!b) throw new Error('open the bookmarks first');
    return new Promise((resolve) => {
      const sub = b.collection.$.subscribe((event) => {
        if (event.documentId !== id) return;
        sub.unsubscribe();
        resolve(Date.now());
      });
    });
  },

  async close(): Promise<void> {
    const b = ready().bookmarks;
    if (b) {
      await b.replication.cancel();
      await b.db.remove();
    }
    await ready().client.removeAllChannels();
    peer = null;
  },
};

/**
 * A live two-way replication of the bookmarks; resolves once the first sync is done (and, with
 * `inSync`, once every local write is acknowledged too).
 */
async function replicateBookmarks(
  collection: RxCollection<Doc>,
  replicationIdentifier: string,
  inSync = false,
): Promise<RxSupabaseReplicationState<Doc>> {
  const replication = replicateSupabase<Doc>({
    tableName: 'rxdb_bench_bookmarks',
    client: ready().client,
    collection,
    replicationIdentifier,
    live: true,
    waitForLeadership: false,
    pull: { batchSize: 1000 },
    // Motorly's engine sends 100 ops per apply_mutations request; the plugin takes 100 rows per round
    // and sends each row as its own insert/update request, all of them at once.
    push: { batchSize: 100 },
  });
  const failed = firstError(replication);
  await Promise.race([replication.awaitInitialReplication(), failed]);
  if (inSync) await Promise.race([replication.awaitInSync(), failed]);
  return replication;
}

/** Rejects with the replication's first error (the plugin retries silently otherwise). */
function firstError(replication: RxSupabaseReplicationState<Doc>): Promise<never> {
  return new Promise((_, reject) => {
    const sub = replication.error$.subscribe((err) => {
      sub.unsubscribe();
      reject(new Error(`RxDB replication failed: ${String(err.message ?? err)}`));
    });
  });
}

export type RxdbPeerApi = typeof api;
declare global {
  interface Window {
    __rxdbPeer: RxdbPeerApi;
  }
}
window.__rxdbPeer = api;
