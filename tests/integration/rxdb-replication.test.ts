// RxDB 17's Supabase replication plugin (the peer in `npm run bench:sync`) against the stack, unmodified,
// through real supabase-js: its (_modified, id) checkpoint paging with ties, inserts, updates guarded by
// the assumed server state, soft deletes, postgres_changes into a live subscriber, and RLS on the
// bench-only table rxdb_bench_bookmarks. Memory storage: the storage is not what is under test here.
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { createRxDatabase, type RxCollection, type RxDatabase, type RxJsonSchema } from 'rxdb';
import { replicateSupabase, type RxSupabaseReplicationState } from 'rxdb/plugins/replication-supabase';
import { getRxStorageMemory } from 'rxdb/plugins/storage-memory';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createUser, seedCatalogueFixture, serviceClient, uniqueEmail, userClient } from './helpers';

interface Bookmark {
  id: string;
  user_id: string;
  vehicle_listing_id: string;
  note: string;
}
const schema: RxJsonSchema<Bookmark> = {
  version: 0,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: { type: 'string', maxLength: 36 },
    user_id: { type: 'string', maxLength: 36 },
    vehicle_listing_id: { type: 'string', maxLength: 36 },
    note: { type: 'string' },
  },
  required: ['id', 'user_id', 'vehicle_listing_id', 'note'],
};

type Replica = {
  db: RxDatabase;
  docs: RxCollection<Bookmark>;
  replication: RxSupabaseReplicationState<Bookmark>;
  errors: Error[];
};
const opened: Replica[] = [];
const svc = serviceClient();
let listingId = '';
let userA: { id: string; email: string };
let userB: { id: string; email: string };

async function replica(client: SupabaseClient, batchSize = 2): Promise<Replica> {
  const db = await createRxDatabase({ name: `rxdb-it-${randomUUID()}`, storage: getRxStorageMemory() });
  const { docs } = await db.addCollections({ docs: { schema } });
  const collection = docs as RxCollection<Bookmark>;
  const replication = replicateSupabase<Bookmark>({
    tableName: 'rxdb_bench_bookmarks',
    client,
    collection,
    replicationIdentifier: `rxdb-it-${randomUUID()}`,
    live: true,
    waitForLeadership: false,
    pull: { batchSize },
    push: { batchSize },
  });
  const r: Replica = { db, docs: collection, replication, errors: [] };
  replication.error$.subscribe((e) => r.errors.push(e));
  opened.push(r);
  await replication.awaitInitialReplication();
  return r;
}

async function serverRows(userId: string) {
  const { data, error } = await svc
    .from('rxdb_bench_bookmarks')
    .select('id, note, _deleted, _modified')
    .eq('user_id', userId)
    .order('id');
  if (error) throw new Error(error.message);
  return data as { id: string; note: string; _deleted: boolean; _modified: string }[];
}

async function until(pred: () => Promise<boolean> | boolean, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await pred())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 25));
  }
}

beforeAll(async () => {
  userA = await createUser(uniqueEmail('rxdb-a'));
  userB = await createUser(uniqueEmail('rxdb-b'));
  listingId = (await seedCatalogueFixture()).listings[0].id;
});

afterEach(async () => {
  for (const r of opened.splice(0)) {
    await r.replication.cancel();
    await r.db.remove();
  }
});

describe('RxDB Supabase replication against the stack', () => {
  it('pulls every row in (_modified, id) pages when rows share one _modified (checkpoint ties)', async () => {
    // One request, one transaction: all five rows get the same now() as _modified.
    const ids = Array.from({ length: 5 }, () => randomUUID());
    const { error } = await svc
      .from('rxdb_bench_bookmarks')
      .insert(ids.map((id) => ({ id, user_id: userA.id, vehicle_listing_id: listingId, note: 'tie' })));
    expect(error).toBeNull();
    expect(new Set((await serverRows(userA.id)).map((r) => r._modified)).size).toBe(1);

    const a = await replica(await userClient(userA.email), 2);
    const local = (await a.docs.find().exec()).map((d) => d.id).sort();
    expect(local).toEqual([...ids].sort());
    expect(a.errors).toEqual([]);
  });

  it('pushes inserts, guarded updates and soft deletes; the server sets _modified', async () => {
    const c = await userClient(userB.email);
    const b = await replica(c);
    const id = randomUUID();
    await b.docs.insert({ id, user_id: userB.id, vehicle_listing_id: listingId, note: 'first' });
    await b.replication.awaitInSync();
    const [inserted] = await serverRows(userB.id);
    expect(inserted).toMatchObject({ id, note: 'first', _deleted: false });

    const doc = await b.docs.findOne(id).exec();
    await doc!.patch({ note: 'second' });
    await b.replication.awaitInSync();
    const [updated] = await serverRows(userB.id);
    expect(updated.note).toBe('second');
    expect(Date.parse(updated._modified)).toBeGreaterThan(Date.parse(inserted._modified));

    await (await b.docs.findOne(id).exec())!.remove();
    await b.replication.awaitInSync();
    expect((await serverRows(userB.id))[0]).toMatchObject({ id, _deleted: true });
    expect(b.errors).toEqual([]);
  });

  it('delivers a server insert to a live subscriber through postgres_changes', async () => {
    const b = await replica(await userClient(userB.email));
    await new Promise((r) => setTimeout(r, 300)); // the channel joins after the first pull
    const id = randomUUID();
    const { error } = await svc
      .from('rxdb_bench_bookmarks')
      .insert({ id, user_id: userB.id, vehicle_listing_id: listingId, note: 'live' });
    expect(error).toBeNull();
    await until(async () => (await b.docs.findOne(id).exec())?.note === 'live');
  });

  it("keeps each user's rows to that user (RLS): another account neither pulls nor writes them", async () => {
    const a = await replica(await userClient(userA.email));
    const aIds = new Set((await a.docs.find().exec()).map((d) => d.id));
    expect(aIds.size).toBeGreaterThan(0);
    const b = await replica(await userClient(userB.email));
    const bIds = (await b.docs.find().exec()).map((d) => d.id);
    expect(bIds.some((id) => aIds.has(id))).toBe(false);

    const forged = await (
      await userClient(userB.email)
    )
      .from('rxdb_bench_bookmarks')
      .insert({ id: randomUUID(), user_id: userA.id, vehicle_listing_id: listingId, note: 'forged' });
    expect(forged.error?.code).toBe('42501');
  });
});
