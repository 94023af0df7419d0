// apply_mutations' batch path (20261126000300): a call whose ops all apply runs them in one
// subtransaction with one ledger insert; any op that would not apply sends the whole call through the
// per-op path. Either way each op keeps its own result: one bad op among good ones reports its error
// while the good ones apply, a replay applies nothing twice, and RLS decides every write.
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createUser,
  seedCatalogueFixture,
  serviceClient,
  uniqueEmail,
  userClient,
  type CatalogueFixture,
  type Op,
  type OpResult,
} from './helpers';

const svc = serviceClient();
let fx: CatalogueFixture;
let a: { id: string; client: SupabaseClient };
let b: { id: string; client: SupabaseClient };
let seq = 0;

function op(type: Op['type'], table: string, rowId: string, data?: Record<string, unknown>): Op {
  seq += 1;
  return { op_id: randomUUID(), seq, type, table, row_id: rowId, data };
}

/** A search_interactions row created, then clicked once: two ops on one row. */
function interaction(userId: string): Op[] {
  const id = randomUUID();
  return [
    op('create', 'search_interactions', id, { user_id: userId, interaction_type: 'view' }),
    op('update', 'search_interactions', id, { $inc: { results_clicked: 1 } }),
  ];
}

async function push(client: SupabaseClient, clientId: string, ops: Op[]): Promise<OpResult[]> {
  const { data, error } = await client.rpc('apply_mutations', { client_id: clientId, ops });
  if (error) throw new Error(`apply_mutations failed: ${error.code} ${error.message}`);
  return data as OpResult[];
}

async function rows(table: string, ids: string[]): Promise<Record<string, unknown>[]> {
  const { data, error } = await svc.from(table).select('*').in('id', ids);
  if (error) throw new Error(error.message);
  return data as Record<string, unknown>[];
}

async function ledgerCount(clientId: string): Promise<number> {
  const { count, error } = await svc
    .from('mutation_ledger')
    .select('op_id', { count: 'exact', head: true })
    .eq('client_id', clientId);
  if (error) throw new Error(error.message);
  return count ?? 0;
}

beforeAll(async () => {
  fx = await seedCatalogueFixture();
  const ua = await createUser(uniqueEmail('batch-a'));
  const ub = await createUser(uniqueEmail('batch-b'));
  a = { id: ua.id, client: await userClient(ua.email) };
  b = { id: ub.id, client: await userClient(ub.email) };
});

describe('apply_mutations batch path', () => {
  it('applies a batch of good ops, each with its own result and row', async () => {
    const ops = Array.from({ length: 40 }, () => interaction(a.id)).flat();
    const res = await push(a.client, 'batch-good', ops);
    expect(res).toEqual(
      ops.map((o) => ({
        op_id: o.op_id,
        status: 'applied',
        affected: 1,
        row: expect.objectContaining({ id: o.row_id, user_id: a.id }),
      })),
    );
    // each update's row is the row after that op: the increment, in order
    expect(res.filter((_, i) => i % 2 === 1).map((r) => r.row?.results_clicked)).toEqual(Array(40).fill(1));
    expect(await ledgerCount('batch-good')).toBe(80);
  });

  it('one bad op among good ones: the good ones apply, the bad one reports its error', async () => {
    const before = interaction(a.id);
    const after = interaction(a.id);
    const bad = randomUUID();
    const ops = [
      ...before,
      op('create', 'price_alerts', bad, { user_id: a.id, target_price: -5, current_price: 5000 }), // check fails
      op('update', 'price_alerts', bad, { is_active: false }), // same row: skipped
      ...after,
    ];
    const res = await push(a.client, 'batch-one-bad', ops);
    expect(res.map((r) => r.status)).toEqual(['applied', 'applied', 'error', 'skipped', 'applied', 'applied']);
    expect(res[2]).toMatchObject({ op_id: ops[2].op_id, code: '23514' });
    expect(res[4].row).toMatchObject({ id: after[0].row_id });
    expect(await rows('price_alerts', [bad])).toEqual([]);
    const written = await rows('search_interactions', [before[0].row_id, after[0].row_id]);
    expect(written.map((r) => r.results_clicked)).toEqual([1, 1]);
    // the failed op is not in the ledger; the four applied ones are
    expect(await ledgerCount('batch-one-bad')).toBe(4);
  });

  it('an update that reaches no row is that op error only', async () => {
    const good = interaction(a.id);
    const missing = op('update', 'search_interactions', randomUUID(), { $inc: { results_clicked: 1 } });
    const res = await push(a.client, 'batch-missing', [good[0], missing, good[1]]);
    expect(res.map((r) => [r.status, r.code ?? null])).toEqual([
      ['applied', null],
      ['error', '42501'],
      ['applied', null],
    ]);
  });

  it('applies nothing twice on replay, whole or in part', async () => {
    const first = Array.from({ length: 10 }, () => interaction(a.id)).flat();
    expect((await push(a.client, 'batch-replay', first)).every((r) => r.status === 'applied')).toBe(true);
    // the lost response: the same batch again
    const again = await push(a.client, 'batch-replay', first);
    expect(again).toEqual(first.map((o) => ({ op_id: o.op_id, status: 'duplicate' })));
    // a later batch that starts with the tail of the first
    const more = interaction(a.id);
    const mixed = await push(a.client, 'batch-replay', [...first.slice(16), ...more]);
    expect(mixed.map((r) => r.status)).toEqual([
      'duplicate',
      'duplicate',
      'duplicate',
      'duplicate',
      'applied',
      'applied',
    ]);
    // one op id twice in one call: applied once
    const twice = interaction(a.id);
    const dup = await push(a.client, 'batch-replay', [twice[0], twice[1], twice[1]]);
    expect(dup.map((r) => r.status)).toEqual(['applied', 'applied', 'duplicate']);
    const clicked = await rows(
      'search_interactions',
      [...first, ...more, ...twice].map((o) => o.row_id),
    );
    expect(clicked.map((r) => r.results_clicked)).toEqual(Array(12).fill(1));
    expect(await ledgerCount('batch-replay')).toBe(24);
  });

  it("runs as the caller: another user's row in a batch is refused, the caller's own ops apply", async () => {
    const mine = randomUUID();
    await push(a.client, 'batch-rls-a', [
      op('create', 'bookmarks', mine, { user_id: a.id, vehicle_listing_id: fx.listings[2].id, note: 'A only' }),
    ]);
    const own = interaction(b.id);
    const res = await push(b.client, 'batch-rls-b', [
      own[0],
      op('update', 'bookmarks', mine, { note: 'hijacked' }),
      op('create', 'bookmarks', randomUUID(), { user_id: a.id, car_model_id: fx.models.saloon }),
      own[1],
      op('delete', 'bookmarks', mine),
    ]);
    expect(res.map((r) => [r.status, r.code ?? null])).toEqual([
      ['applied', null],
      ['error', '42501'],
      ['error', '42501'],
      ['applied', null],
      ['skipped', null], // behind the refused update of the same row
    ]);
    expect(await rows('bookmarks', [mine])).toEqual([expect.objectContaining({ user_id: a.id, note: 'A only' })]);
    expect((await rows('search_interactions', [own[0].row_id]))[0]).toMatchObject({
      user_id: b.id,
      results_clicked: 1,
    });
    expect(await ledgerCount('batch-rls-b')).toBe(2);
  });

  it('keeps the order of ops that share a unique key across rows (toggling a bookmark)', async () => {
    // create, delete, create, ... of one listing's bookmark: each create needs the delete before it
    const ops: Op[] = [];
    for (let i = 0; i < 10; i++) {
      const id = randomUUID();
      ops.push(op('create', 'bookmarks', id, { id, user_id: b.id, vehicle_listing_id: fx.listings[3].id, note: '' }));
      if (i < 9) ops.push(op('delete', 'bookmarks', id));
    }
    const res = await push(b.client, 'batch-toggle', ops);
    expect(res.every((r) => r.status === 'applied')).toBe(true);
    const left = await svc
      .from('bookmarks')
      .select('id')
      .eq('user_id', b.id)
      .eq('vehicle_listing_id', fx.listings[3].id);
    expect(left.data).toEqual([{ id: ops[ops.length - 1].row_id }]);
  });
});
