// Issue 32, the offline pack, on a stack of its own: offline_pack_ranks (the app's download: every band at once
// by its ranks, with offline_pack_reach's total) and the older offline_pack_plan and offline_pack_band read
// vehicle_listings as the caller (a policy hiding rows from anon hides them from its pack), and the app's download
// starts no sequential scan of vehicle_listings: on the default seed here, and at 450,000 listings on PostgreSQL
// when OFFLINE_PACK_SCALE_DB names such a database (e.g. the bench's bench450).
import { createClient } from '@supabase/supabase-js';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packBands } from '../../src/sync/offline-pack-download';
import type { Queryable } from '../../supabase/local/types';
import { startDedicatedStack, type DedicatedStack } from './dedicated-stack';

let ds: DedicatedStack;

beforeAll(async () => {
  ds = await startDedicatedStack({ MOTORLY_LISTINGS: undefined }, { seed: true });
  await ds.running.db.query('analyze public.vehicle_listings');
}, 240_000);
afterAll(async () => ds?.dispose());

interface Band {
  after_id: string | null;
  upto_id: string;
  listings: number;
}

/** The pack's rows as `key` downloads it: its plan, then each band. */
async function pack(key: string, postcode: string, radius: number) {
  const client = createClient(ds.running.url, key, { auth: { persistSession: false, autoRefreshToken: false } });
  const { data, error } = await client.rpc('offline_pack_plan', { postcode, radius, band_rows: 900 });
  if (error) throw new Error(error.message);
  const rows: { id: string; status: string }[] = [];
  for (const b of data as Band[]) {
    const got = await client
      .rpc('offline_pack_band', { postcode, after_id: b.after_id, upto_id: b.upto_id })
      .select('id, status');
    if (got.error) throw new Error(got.error.message);
    rows.push(...(got.data as unknown as { id: string; status: string }[]));
  }
  return rows;
}

/** Sequential scans of vehicle_listings started so far in this transaction. */
async function seqScans(tx: Pick<Queryable, 'query'>): Promise<number> {
  const r = await tx.query<{ n: number }>(
    `select coalesce(seq_scan, 0)::int as n from pg_stat_xact_user_tables where relid = 'public.vehicle_listings'::regclass`,
  );
  return Number(r.rows[0]?.n ?? 0);
}

/** The pack's rows as the app downloads it (`key`'s client): every band by its ranks. */
async function packByRanks(key: string, postcode: string, radius: number) {
  const client = createClient(ds.running.url, key, { auth: { persistSession: false, autoRefreshToken: false } });
  const rows = new Map<string, { id: string; status: string }>();
  for (const b of packBands()) {
    const got = await client
      .rpc('offline_pack_ranks', { postcode, radius, from_rank: b.from, to_rank: b.to })
      .select('id, status');
    if (got.error) throw new Error(got.error.message);
    for (const r of got.data as unknown as { id: string; status: string }[]) rows.set(r.id, r);
  }
  return [...rows.values()];
}

/** Seq scans started by the app's download (the total, then every band by its ranks), as anon, in one transaction. */
async function scansOfRanks(tx: Pick<Queryable, 'query'>, postcode: string, radius: number) {
  await tx.query('set local role anon');
  const before = await seqScans(tx);
  await tx.query(`select * from public.offline_pack_reach($1, $2, 5000)`, [postcode, radius]);
  const ids = new Set<string>();
  for (const b of packBands()) {
    const got = await tx.query<{ id: string }>(`select id from public.offline_pack_ranks($1, $2, $3, $4)`, [
      postcode,
      radius,
      b.from,
      b.to,
    ]);
    for (const r of got.rows) ids.add(r.id);
  }
  return { rows: ids.size, scans: (await seqScans(tx)) - before };
}

/** Seq scans started by a plan, the nearest band_rows and all its bands, as anon, in one transaction. */
async function scansOfPack(tx: Pick<Queryable, 'query'>, postcode: string, radius: number) {
  await tx.query('set local role anon');
  const before = await seqScans(tx);
  const plan = await tx.query<Band>(`select * from public.offline_pack_plan($1, $2, 5000, 900)`, [postcode, radius]);
  // The first band is asked as the nearest band_rows (offline_pack_listings), beside the plan.
  await tx.query(`select count(*) from public.offline_pack_listings($1, $2, 900)`, [postcode, radius]);
  let rows = 0;
  for (const b of plan.rows) {
    const got = await tx.query<{ n: number }>(`select count(*)::int as n from public.offline_pack_band($1, $2, $3)`, [
      postcode,
      b.after_id,
      b.upto_id,
    ]);
    rows += Number(got.rows[0].n);
  }
  return { bands: plan.rows.length, rows, scans: (await seqScans(tx)) - before };
}

describe('offline_pack_ranks, offline_pack_plan and offline_pack_band as the caller', () => {
  it('run as the caller: a policy hiding rows from anon hides them from its pack', async () => {
    const { db, anonKey, serviceRoleKey } = ds.running;
    const fns = await db.query<{ proname: string; prosecdef: boolean }>(
      `select proname, prosecdef from pg_proc
       where proname in ('offline_pack_plan', 'offline_pack_band', 'offline_pack_ranks')`,
    );
    expect(fns.rows.map((r) => [r.proname, r.prosecdef]).sort()).toEqual([
      ['offline_pack_band', false],
      ['offline_pack_plan', false],
      ['offline_pack_ranks', false],
    ]);
    const before = await pack(anonKey, 'M1 1AE', 30);
    const byRanks = await packByRanks(anonKey, 'M1 1AE', 30);
    expect(byRanks.map((r) => r.id).sort()).toEqual(before.map((r) => r.id).sort());
    expect(before.some((r) => r.status === 'reserved')).toBe(true);
    expect(before.some((r) => r.status === 'sold')).toBe(false);
    await db.query(`create policy test_pack_anon_active_only on public.vehicle_listings as restrictive for select
      to anon using (status = 'active')`);
    try {
      const after = await pack(anonKey, 'M1 1AE', 30);
      expect(after.length).toBeGreaterThan(0);
      expect(after.every((r) => r.status === 'active')).toBe(true);
      expect((await pack(serviceRoleKey, 'M1 1AE', 30)).length).toBe(before.length);
      const afterRanks = await packByRanks(anonKey, 'M1 1AE', 30);
      expect(afterRanks.map((r) => r.id).sort()).toEqual(after.map((r) => r.id).sort());
    } finally {
      await db.query('drop policy test_pack_anon_active_only on public.vehicle_listings');
    }
  }, 60_000);

  it('start no sequential scan of vehicle_listings (default seed)', async () => {
    const got = await ds.running.db.transaction((tx) => scansOfPack(tx, 'M1 1AE', 100));
    expect(got.rows).toBeGreaterThan(1000);
    expect(got.scans).toBe(0);
    const ranks = await ds.running.db.transaction((tx) => scansOfRanks(tx, 'M1 1AE', 100));
    expect(ranks).toEqual({ rows: got.rows, scans: 0 });
  }, 60_000);
});

describe.runIf(process.env.OFFLINE_PACK_SCALE_DB)('the offline pack at 450,000 listings (PostgreSQL)', () => {
  it('starts no sequential scan of vehicle_listings and downloads the nearest 5,000', async () => {
    const client = new pg.Client({ connectionString: process.env.OFFLINE_PACK_SCALE_DB });
    await client.connect();
    try {
      const listings = await client.query<{ n: string }>('select count(*) as n from public.vehicle_listings');
      expect(Number(listings.rows[0].n)).toBeGreaterThanOrEqual(450_000);
      await client.query('begin');
      const got = await scansOfPack(client, 'M1 1AA', 100);
      await client.query('rollback');
      expect(got).toEqual({ bands: 6, rows: 5000, scans: 0 });
      await client.query('begin');
      const ranks = await scansOfRanks(client, 'M1 1AA', 100);
      await client.query('rollback');
      expect(ranks).toEqual({ rows: 5000, scans: 0 });
    } finally {
      await client.end();
    }
  }, 60_000);
});
