// Issue 32, the offline pack's read: offline_pack_listings returns the nearest unsold listings within the
// radius (checked against brute force over the seeded catalogue), pages by id with a select list, caps at
// max_rows, and answers bad input with a PostgREST-style 400.
import { beforeAll, describe, expect, it } from 'vitest';
import { pullSelect } from '../../src/data/pull-columns';
import { createSupabaseTransport } from '../../src/sync/supabase-transport';
import { ORIGIN_CURSOR } from '../../src/sync/timestamps';
import { anonClient, rest } from './helpers';
import { locatedListings, nearestPack, type PackListing } from './pack-reference';

let all: PackListing[] = [];

beforeAll(async () => {
  all = await locatedListings();
});

const expected = (outcode: string, radius: number, max: number): string[] => nearestPack(all, outcode, radius, max);

/** The pack as a device reads it: pages of `page` rows by id. */
async function readPack(
  postcode: string,
  radius: number,
  max: number,
  page = 1000,
): Promise<Record<string, unknown>[]> {
  const rows: Record<string, unknown>[] = [];
  let after = '';
  for (;;) {
    let q = anonClient()
      .rpc('offline_pack_listings', { postcode, radius, max_rows: max })
      .select(pullSelect('vehicle_listings'))
      .order('id')
      .limit(page);
    if (after) q = q.gt('id', after);
    const { data, error } = await q;
    if (error) throw new Error(error.message);
    const got = data as unknown as Record<string, unknown>[];
    rows.push(...got);
    if (got.length < page) return rows;
    after = String(got[got.length - 1].id);
  }
}

describe('offline_pack_listings', () => {
  it('holds the nearest unsold listings within the radius, as whole rows, read page by page', async () => {
    const want = expected('M1', 40, 5000);
    expect(want.length).toBeGreaterThan(50);
    const rows = await readPack('M1 1AE', 40, 5000, 200);
    expect(rows.map((r) => r.id).sort()).toEqual([...want].sort());
    expect(Object.keys(rows[0]).sort()).toEqual(pullSelect('vehicle_listings').split(',').sort());
  });

  it('keeps only the nearest max_rows', async () => {
    const want = expected('B1', 100, 120);
    expect(want).toHaveLength(120);
    const rows = await readPack('B1', 100, 120, 50);
    expect(rows.map((r) => r.id).sort()).toEqual([...want].sort());
  });

  it('answers bad input with a 400 and a clear message', async () => {
    const call = (body: Record<string, unknown>) =>
      rest('/rpc/offline_pack_listings', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    for (const [body, message] of [
      [{ postcode: 'M1', radius: 0 }, /radius must be/],
      [{ postcode: 'M1', radius: 500 }, /radius must be/],
      [{ postcode: 'M1', radius: 10, max_rows: 6000 }, /max_rows must be/],
      [{ postcode: 'ZZ99', radius: 10 }, /No UK postcode area/],
    ] as const) {
      const res = await call(body);
      expect(res.status).toBe(400);
      const json = (await res.json()) as { code: string; message: string };
      expect(json.code).toBe('22023');
      expect(json.message).toMatch(message);
    }
  });
});

/** The pack as the device downloads it: its reach once, then pages by id inside that distance. */
async function readPackByReach(postcode: string, radius: number, max: number, page = 1000) {
  const { data: reach, error } = await anonClient()
    .rpc('offline_pack_reach', { postcode, radius, max_rows: max })
    .single<{ within: number; listings: number }>();
  if (error) throw new Error(error.message);
  const ids: string[] = [];
  for (let after: string | null = null; ;) {
    const res: { data: unknown; error: { message: string } | null } = await anonClient()
      .rpc('offline_pack_page', { postcode, within: reach.within, after_id: after, page_rows: page })
      .select('id');
    if (res.error) throw new Error(res.error.message);
    const got: string[] = (res.data as { id: string }[]).map((r) => r.id);
    expect([...got].sort()).toEqual(got);
    ids.push(...got);
    if (got.length < page) return { reach, ids };
    after = got[got.length - 1];
  }
}

/** The pack as the device downloads it now: slices asked by radius, each finding the reach itself. */
async function readPackBySlices(postcode: string, radius: number, max: number, page = 1000) {
  const ids: string[] = [];
  for (let after: string | null = null; ;) {
    const res: { data: unknown; error: { message: string } | null } = await anonClient()
      .rpc('offline_pack_slice', { postcode, radius, max_rows: max, after_id: after, page_rows: page })
      .select('id');
    if (res.error) throw new Error(res.error.message);
    const got: string[] = (res.data as { id: string }[]).map((r) => r.id);
    ids.push(...got);
    if (got.length < page) return ids;
    after = got[got.length - 1];
  }
}

describe('offline_pack_reach and offline_pack_page', () => {
  it('find the pack once, then read the same listings page by page, by id', async () => {
    for (const [postcode, radius, max] of [
      ['M1 1AE', 40, 5000],
      ['B1', 100, 120],
    ] as const) {
      const want = expected(postcode.split(' ')[0], radius, max);
      const { reach, ids } = await readPackByReach(postcode, radius, max, 50);
      expect(ids).toHaveLength(reach.listings);
      // offline_pack_slice, asked by radius, reads the same listings in the same order.
      expect(await readPackBySlices(postcode, radius, max, 50)).toEqual(ids);
      // Listings tied at the edge's distance all come (the device keeps the first max of them).
      expect(ids).toEqual(expect.arrayContaining(want));
      expect(reach.listings).toBeLessThanOrEqual(want.length + 5);
      if (want.length < max) expect(reach.within).toBe(radius);
    }
  });

  it('answer bad input with a 400 and a clear message', async () => {
    for (const [fn, body, message] of [
      ['offline_pack_reach', { postcode: 'M1', radius: 101 }, /radius must be/],
      ['offline_pack_page', { postcode: 'M1', within: 500 }, /within must be/],
      ['offline_pack_page', { postcode: 'M1', within: 5, page_rows: 5000 }, /page_rows must be/],
      ['offline_pack_page', { postcode: 'ZZ99', within: 5 }, /No UK postcode area/],
      ['offline_pack_slice', { postcode: 'M1', radius: 0 }, /radius must be/],
      ['offline_pack_slice', { postcode: 'M1', radius: 5, max_rows: 6000 }, /max_rows must be/],
      ['offline_pack_slice', { postcode: 'M1', radius: 5, page_rows: 0 }, /page_rows must be/],
      ['offline_pack_slice', { postcode: 'ZZ99', radius: 5 }, /No UK postcode area/],
    ] as const) {
      const res = await rest(`/rpc/${fn}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { message: string }).message).toMatch(message);
    }
  });
});

describe('the scoped listing pull over the Data API', () => {
  it('reads listings by id, only those changed since a time when asked, and a page of an area by outcode', async () => {
    const transport = createSupabaseTransport(anonClient());
    const ids = all
      .filter((l) => l.status !== 'sold')
      .slice(0, 3)
      .map((l) => l.id);
    const rows = await transport.pullByIds('vehicle_listings', ids, null);
    expect(rows.map((r) => r.id).sort()).toEqual([...ids].sort());
    expect(Object.keys(rows[0]).sort()).toEqual(pullSelect('vehicle_listings').split(',').sort());
    const newest = rows
      .map((r) => String(r.updated_at))
      .sort()
      .at(-1)!;
    const since = await transport.pullByIds('vehicle_listings', ids, newest);
    expect(since.every((r) => String(r.updated_at) >= newest)).toBe(true);
    expect(since.length).toBeLessThan(rows.length + 1);

    const area = [...new Set(all.map((l) => l.outcode))].slice(0, 2);
    const page = await transport.pullPage('vehicle_listings', ORIGIN_CURSOR, 50, { column: 'outcode', values: area });
    expect(page.length).toBeGreaterThan(0);
    expect(page.every((r) => area.includes(String(r.outcode)))).toBe(true);
  });
});
