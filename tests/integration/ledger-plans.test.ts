// apply_mutations reads the ledger and the target rows by key however the tables grew after its plans
// were cached (PL/pgSQL keeps a session's generic plans; PGlite has one session and no autovacuum).
// Counted with the statistics views on a stack of the test's own, analysed while empty as the seed leaves
// a database: sequential scans of the ledger and of the target table during a call, once the ledger has
// grown from empty to a few hundred rows; and tuples read through the ledger's indexes, since a cached
// plan may also pick the wrong index: (user_id, client_id, seq) matches user_id alone, and an op looked up
// through it reads all of the user's ledger.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Queryable } from '../../supabase/local/types';
import { startDedicatedStack, type DedicatedStack } from './dedicated-stack';

let own: DedicatedStack;
let userId: string;
let seq = 0;
const clientId = randomUUID();

/**
 * n ops: a price_alerts row created and deleted, n/2 times (a plain owner table: search_interactions, used
 * before, is capped at 50 rows a request and 120 an hour since issue 31).
 */
function ops(n: number) {
  const out: Record<string, unknown>[] = [];
  for (let i = 0; i < n; i += 2) {
    const id = randomUUID();
    out.push({
      op_id: randomUUID(),
      seq: ++seq,
      type: 'create',
      table: 'price_alerts',
      row_id: id,
      data: { id, user_id: userId, target_price: 9000, current_price: 10000 },
    });
    out.push({ op_id: randomUUID(), seq: ++seq, type: 'delete', table: 'price_alerts', row_id: id, data: {} });
  }
  return out;
}

async function apply(n: number): Promise<void> {
  const claims = JSON.stringify({ sub: userId, role: 'authenticated', aud: 'authenticated' });
  const results = await own.running.db.transaction(async (tx: Queryable) => {
    await tx.query("select set_config('role', 'authenticated', true), set_config('request.jwt.claims', $1, true)", [
      claims,
    ]);
    const { rows } = await tx.query<{ r: unknown }>('select public.apply_mutations($1, $2::jsonb) as r', [
      clientId,
      JSON.stringify(ops(n)),
    ]);
    return rows[0].r;
  });
  const parsed = (typeof results === 'string' ? JSON.parse(results) : results) as { status: string }[];
  expect(parsed.filter((r) => r.status !== 'applied')).toEqual([]);
}

/** Ledger index tuples read so far (all of the ledger's indexes). */
async function ledgerTuplesRead(): Promise<number> {
  const { db } = own.running;
  await db.query('select pg_stat_force_next_flush()');
  await db.query('select pg_stat_clear_snapshot()');
  const { rows } = await db.query<{ n: number | string }>(
    `select coalesce(sum(idx_tup_read), 0) as n from pg_stat_user_indexes
      where schemaname = 'public' and relname = 'mutation_ledger'`,
  );
  return Number(rows[0].n);
}

async function seqScans(): Promise<Record<string, number>> {
  const { db } = own.running;
  await db.query('select pg_stat_force_next_flush()');
  await db.query('select pg_stat_clear_snapshot()');
  const { rows } = await db.query<{ relname: string; seq_scan: number | string }>(
    `select relname, seq_scan from pg_stat_user_tables
      where schemaname = 'public' and relname in ('mutation_ledger', 'price_alerts')`,
  );
  return Object.fromEntries(rows.map((r) => [r.relname, Number(r.seq_scan)]));
}

beforeAll(async () => {
  own = await startDedicatedStack({});
  const { db } = own.running;
  userId = randomUUID();
  // As the seed leaves a database (supabase/local/seed.ts): analysed, here while these tables are empty.
  await db.exec('analyze');
  await db.query(`insert into auth.users (id, email) values ($1, $2)`, [
    userId,
    `plans-${userId.slice(0, 8)}@example.com`,
  ]);
});
afterAll(async () => own?.dispose());

describe('apply_mutations plans', () => {
  it('looks ops up in the ledger and rows by id through indexes as the ledger grows', async () => {
    // Plans cached while the ledger is nearly empty (PL/pgSQL switches to a generic plan after five calls)...
    for (let i = 0; i < 8; i++) await apply(2);
    // ...then the ledger grows.
    for (let i = 0; i < 3; i++) await apply(200);
    const before = await seqScans();
    await apply(100);
    const after = await seqScans();
    expect(after.mutation_ledger - before.mutation_ledger).toBe(0);
    expect(after.price_alerts - before.price_alerts).toBe(0);
  });

  it('applies a batch of good ops once: no per-op retry of the whole batch, no statements left prepared', async () => {
    // The batch path rolls a failed attempt back and runs every op again; inserts are counted either way.
    const inserted = async () => {
      await own.running.db.query('select pg_stat_force_next_flush()');
      await own.running.db.query('select pg_stat_clear_snapshot()');
      const { rows } = await own.running.db.query<{ n: number | string }>(
        `select n_tup_ins as n from pg_stat_user_tables where schemaname = 'public' and relname = 'price_alerts'`,
      );
      return Number(rows[0].n);
    };
    const before = await inserted();
    await apply(100);
    expect((await inserted()) - before).toBe(50);
    const { rows } = await own.running.db.query<{ n: number | string }>(
      'select count(*) as n from pg_prepared_statements where name like $1',
      ['apply\\_mutations\\_%'],
    );
    expect(Number(rows[0].n)).toBe(0);
  });

  it('reads the ledger about once per call, not once per op', async () => {
    // The ledger holds 716 of this user's rows by now (the test above); 100 ops through a plan that
    // finds each op by user_id alone read about 80,000 ledger tuples.
    const before = await ledgerTuplesRead();
    await apply(100);
    const read = (await ledgerTuplesRead()) - before;
    const { rows } = await own.running.db.query<{ n: number | string }>(
      'select count(*) as n from public.mutation_ledger where user_id = $1',
      [userId],
    );
    expect(read).toBeLessThanOrEqual(Number(rows[0].n) + 200);
  });
});
