// Issue 32, the offline pack: offline_pack_ranks reads the listings ranked from_rank to to_rank among the nearest
// max_rows unsold (by distance, then id: checked against brute force over the seeded catalogue), the app's
// download; the older offline_pack_plan names them as bands of at most band_rows and offline_pack_band reads one
// band, as anon. All answer bad input with a PostgREST-style 400.
import { beforeAll, describe, expect, it } from 'vitest';
import { pullSelect } from '../../src/data/pull-columns';
import { milesBetween } from '../../src/domain/uk/distance';
import { OUTCODE_CENTROIDS } from '../../src/domain/uk/outcodes';
import { packBands } from '../../src/sync/offline-pack-download';
import { anonClient, rest } from './helpers';
import { locatedListings, nearestPack, type PackListing } from './pack-reference';

interface Band {
  band: number;
  after_id: string | null;
  upto_id: string;
  listings: number;
}

let all: PackListing[] = [];

beforeAll(async () => {
  all = await locatedListings();
});

const nearest = (outcode: string, radius: number, max: number): string[] => nearestPack(all, outcode, radius, max);

async function plan(postcode: string, radius: number, max: number, bandRows: number): Promise<Band[]> {
  const { data, error } = await anonClient().rpc('offline_pack_plan', {
    postcode,
    radius,
    max_rows: max,
    band_rows: bandRows,
  });
  if (error) throw new Error(error.message);
  return data as Band[];
}

async function band(postcode: string, b: Band): Promise<Record<string, unknown>[]> {
  const { data, error } = await anonClient()
    .rpc('offline_pack_band', { postcode, after_id: b.after_id, upto_id: b.upto_id })
    .select(pullSelect('vehicle_listings'));
  if (error) throw new Error(error.message);
  return data as unknown as Record<string, unknown>[];
}

const call = async (fn: string, body: Record<string, unknown>) => {
  const res = await rest(`/rpc/${fn}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as { code?: string; message?: string } };
};

describe('offline_pack_plan and offline_pack_band', () => {
  it.each([
    ['M1 1AE', 40, 5000, 900],
    ['B1', 100, 120, 50],
    ['LS1 4AP', 3, 5000, 900],
  ] as const)('%s within %d miles, %d at most: the nearest, band by band, each once', async (pc, radius, max, per) => {
    const want = nearest(pc.split(' ')[0], radius, max);
    const bands = await plan(pc, radius, max, per);
    if (max < 5000) expect(want).toHaveLength(max);
    expect(bands.map((b) => b.band)).toEqual(bands.map((_, i) => i));
    expect(bands.reduce((n, b) => n + b.listings, 0)).toBe(want.length);
    // Bands are chained: each starts after the one before ends.
    bands.forEach((b, i) => expect(b.after_id).toBe(i ? bands[i - 1].upto_id : null));
    const got: string[] = [];
    for (const b of bands) {
      expect(b.listings).toBeLessThanOrEqual(per);
      const rows = await band(pc, b);
      expect(rows).toHaveLength(b.listings);
      got.push(...rows.map((r) => String(r.id)));
    }
    expect(got.sort()).toEqual([...want].sort());
    if (want.length) {
      const rows = await band(pc, bands[0]);
      expect(Object.keys(rows[0]).sort()).toEqual(pullSelect('vehicle_listings').split(',').sort());
      expect(rows.every((r) => r.status !== 'sold')).toBe(true);
    }
  });

  it('keeps the nearest max_rows when more tie at the edge (the last band ends at the max_rows-th by id)', async () => {
    const want = nearest('M1', 100, 300);
    const bands = await plan('M1', 100, 300, 100);
    expect(bands.at(-1)?.upto_id).toBe(want.at(-1));
    expect(bands.map((b) => b.upto_id)).toEqual([want[99], want[199], want[299]]);
  });

  it('cuts bands of band_rows from the nearest (the last holds the rest): the first is the nearest band_rows', async () => {
    const bands = await plan('M1', 100, 250, 100);
    expect(bands.map((b) => b.listings)).toEqual([100, 100, 50]);
    const { data, error } = await anonClient()
      .rpc('offline_pack_listings', { postcode: 'M1', radius: 100, max_rows: 100 })
      .select('id');
    expect(error).toBeNull();
    expect((data as unknown as { id: string }[]).map((r) => r.id).sort()).toEqual(
      (await band('M1', bands[0])).map((r) => String(r.id)).sort(),
    );
  });

  it('answer bad input with a 400 and a clear message', async () => {
    const some = nearest('M1', 20, 2);
    const [lat, lng] = OUTCODE_CENTROIDS.M1;
    const far = all.find((l) => milesBetween({ lat, lng }, { lat: l.lat!, lng: l.lng! }) > 110)?.id;
    expect(some).toHaveLength(2);
    const cases: [string, Record<string, unknown>, RegExp][] = [
      ['offline_pack_plan', { postcode: 'M1', radius: 0 }, /radius must be/],
      ['offline_pack_plan', { postcode: 'M1', radius: 101 }, /radius must be/],
      ['offline_pack_plan', { postcode: 'M1', radius: 5, max_rows: 6000 }, /max_rows must be/],
      ['offline_pack_plan', { postcode: 'M1', radius: 5, band_rows: 0 }, /band_rows must be/],
      ['offline_pack_plan', { postcode: 'M1', radius: 5, band_rows: 1001 }, /band_rows must be/],
      ['offline_pack_plan', { postcode: 'ZZ99', radius: 5 }, /No UK postcode area/],
      ['offline_pack_band', { postcode: 'M1' }, /upto_id must be/],
      ['offline_pack_band', { postcode: 'M1', upto_id: '00000000-0000-0000-0000-000000000000' }, /upto_id must be/],
      ['offline_pack_band', { postcode: 'M1', after_id: some[1], upto_id: some[0] }, /after_id must be/],
      ['offline_pack_band', { postcode: 'M1', after_id: some[0], upto_id: some[0] }, /after_id must be/],
      ['offline_pack_band', { postcode: 'ZZ99', upto_id: some[0] }, /No UK postcode area/],
    ];
    // A band whose end lies over 100 miles away would read a country: refused.
    expect(far).toBeDefined();
    cases.push(['offline_pack_band', { postcode: 'M1', upto_id: far }, /upto_id must be/]);
    for (const [fn, body, message] of cases) {
      const { status, json } = await call(fn, body);
      expect(status, `${fn} ${JSON.stringify(body)}`).toBe(400);
      expect(json.message).toMatch(message);
    }
    // Not a uuid: the Data API's own 400.
    expect((await call('offline_pack_band', { postcode: 'M1', upto_id: 'x' })).status).toBe(400);
  });
});

async function ranks(postcode: string, radius: number, from: number, to: number, max = 5000): Promise<string[]> {
  const { data, error } = await anonClient()
    .rpc('offline_pack_ranks', { postcode, radius, from_rank: from, to_rank: to, max_rows: max })
    .select(pullSelect('vehicle_listings'));
  if (error) throw new Error(error.message);
  return (data as unknown as Record<string, unknown>[]).map((r) => String(r.id));
}

describe('offline_pack_ranks', () => {
  it.each([
    ['M1 1AE', 40],
    ['LS1 4AP', 3],
    ['B1', 100],
  ] as const)(
    '%s within %d miles: the bands the app asks hold the nearest 5,000, each rank in its place',
    async (pc, radius) => {
      const want = nearest(pc.split(' ')[0], radius, 5000);
      const got = new Set<string>();
      for (const b of packBands()) {
        const rows = await ranks(pc, radius, b.from, b.to);
        // Exactly the listings ranked after `from` up to `to` (fewer at the end of the area).
        expect(rows.sort()).toEqual(want.slice(b.from, b.to).sort());
        for (const r of rows) got.add(r);
      }
      expect([...got].sort()).toEqual([...want].sort());
    },
  );

  it('keeps to max_rows: a band past it is empty, one across it stops there', async () => {
    const want = nearest('M1', 100, 150);
    expect(await ranks('M1', 100, 100, 300, 150)).toEqual(expect.arrayContaining(want.slice(100, 150)));
    expect(await ranks('M1', 100, 100, 300, 150)).toHaveLength(50);
    expect(await ranks('M1', 100, 150, 300, 150)).toEqual([]);
  });

  it('answers bad input with a 400 and a clear message, the rows of a sold listing never', async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ postcode: 'M1', radius: 5, from_rank: 0, to_rank: 0 }, /from_rank and to_rank must/],
      [{ postcode: 'M1', radius: 5, from_rank: 10, to_rank: 5 }, /from_rank and to_rank must/],
      [{ postcode: 'M1', radius: 5, from_rank: -1, to_rank: 5 }, /from_rank and to_rank must/],
      [{ postcode: 'M1', radius: 5, from_rank: 0, to_rank: 1201 }, /from_rank and to_rank must/],
      [{ postcode: 'M1', radius: 0, from_rank: 0, to_rank: 10 }, /radius must be/],
      [{ postcode: 'M1', radius: 101, from_rank: 0, to_rank: 10 }, /radius must be/],
      [{ postcode: 'M1', radius: 5, from_rank: 0, to_rank: 10, max_rows: 6000 }, /max_rows must be/],
      [{ postcode: 'ZZ99', radius: 5, from_rank: 0, to_rank: 10 }, /No UK postcode area/],
    ];
    for (const [body, message] of cases) {
      const { status, json } = await call('offline_pack_ranks', body);
      expect(status, JSON.stringify(body)).toBe(400);
      expect(json.message).toMatch(message);
    }
    // Not a number: the Data API's own 400.
    expect((await call('offline_pack_ranks', { postcode: 'M1', radius: 5, from_rank: 'x', to_rank: 5 })).status).toBe(
      400,
    );
    const soldIds = new Set(all.filter((l) => l.status === 'sold').map((l) => l.id));
    expect((await ranks('M1 1AE', 40, 0, 1000)).some((id) => soldIds.has(id))).toBe(false);
  });
});
