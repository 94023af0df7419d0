// Cars for sale per model and brand: the server's counts when it answers, else the held rows' counts,
// marked 'device', which must agree with the local search over the same rows.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type MotorlyDb } from '../db';
import { brandRow, listingRow, modelRow } from '../testing/fixtures';
import type { RpcClient } from './query/rpc-client';
import { fetchStockCounts } from './server-reads';
import { heldStockCounts } from './use-brand-counts';
import { serverFirst } from './use-server-first';

let db: MotorlyDb;
const BRANDS = ['ford', 'kia', 'mini'].map((slug, i) => brandRow({ id: `b${i}`, slug, name: slug }));
const STATUSES = ['active', 'sold', 'reserved', 'active'] as const;

beforeAll(async () => {
  db = createDatabase(`brand-counts-test-${Date.now()}`);
  await db.brands.bulkPut(BRANDS);
  // Mini has a model but nothing listed: it must count as none, not be missing.
  await db.car_models.bulkPut(BRANDS.map((b) => modelRow({ id: `m-${b.id}`, brand_id: b.id })));
  await db.vehicle_listings.bulkPut(
    Array.from({ length: 37 }, (_, i) => {
      const brand = BRANDS[i % 2];
      return listingRow({
        id: `l${i}`,
        brand_id: brand.id,
        car_model_id: `m-${brand.id}`,
        status: STATUSES[i % 4],
        price: 5000 + i * 100,
      });
    }),
  );
});

afterAll(async () => {
  db.close();
  await db.delete();
});

describe('held stock counts', () => {
  it('count unsold held cars per brand, and the cheapest per model', async () => {
    const ids = BRANDS.map((b) => b.id);
    const counts = await heldStockCounts(db, ['m-b0', 'm-b2'], ids);
    const held = await db.vehicle_listings.toArray();
    // 37 listings alternating between two brands; every sold one (i % 4 = 1) is Kia's.
    expect(counts.brands).toEqual({ b0: 19, b1: 9, b2: 0 });
    expect(held.filter((l) => l.status !== 'sold')).toHaveLength(28);
    const b0 = (await db.vehicle_listings.toArray()).filter((l) => l.brand_id === 'b0' && l.status !== 'sold');
    expect(counts.models['m-b0']).toEqual({ count: b0.length, from: Math.min(...b0.map((l) => l.price)) });
    expect(counts.models['m-b2']).toEqual({ count: 0, from: null });
    expect(Object.keys(counts.models)).toEqual(['m-b0', 'm-b2']);
  });
});

describe('server stock counts', () => {
  const calls: Record<string, unknown>[] = [];
  const client: RpcClient = {
    rpc: (_fn, args) => {
      calls.push(args);
      const models = Object.fromEntries((args.model_ids as string[]).map((id) => [id, { count: 7, from: 900 }]));
      const brands = Object.fromEntries((args.brand_ids as string[]).map((id) => [id, 70]));
      return Promise.resolve({ data: { models, brands }, error: null, status: 200 });
    },
  };

  it('asks for at most 500 models a call and merges the answers', async () => {
    const models = Array.from({ length: 1201 }, (_, i) => `m${i}`);
    const got = await fetchStockCounts([...models, 'm0'], ['b1'], client);
    expect(calls.map((c) => (c.model_ids as string[]).length)).toEqual([500, 500, 201]);
    expect(Object.keys(got.models)).toHaveLength(1201);
    expect(got.brands).toEqual({ b1: 70 });
  });

  it('falls back to the held rows when the server cannot be reached, saying so', async () => {
    const offline: RpcClient = {
      rpc: () => Promise.resolve({ data: null, error: { message: 'Failed to fetch' }, status: 0 }),
    };
    const answer = await serverFirst(
      () => fetchStockCounts(['m-b0'], [], offline),
      () => heldStockCounts(db, ['m-b0'], []),
    );
    expect(answer.source).toBe('device');
    expect(answer.value.models['m-b0'].count).toBeGreaterThan(0);
    const online = await serverFirst(
      () => fetchStockCounts(['m-b0'], [], client),
      () => heldStockCounts(db, ['m-b0'], []),
    );
    expect(online).toEqual({ value: { models: { 'm-b0': { count: 7, from: 900 } }, brands: {} }, source: 'server' });
  });

  it('does not ask the server at all when the browser is offline', async () => {
    let asked = false;
    const answer = await serverFirst(
      () => ((asked = true), fetchStockCounts(['m-b0'], [], client)),
      () => heldStockCounts(db, ['m-b0'], []),
      false,
    );
    expect(asked).toBe(false);
    expect(answer.source).toBe('device');
  });
});
