// Issue 32, the offline pack planned once: offline_pack_plan names the nearest max_rows unsold listings (by
// distance, then id: checked against brute force over the seeded catalogue) as bands of at most band_rows,
// offline_pack_band reads one band, as anon, and both answer bad input with a PostgREST-style 400.
import { beforeAll, describe, expect, it } from 'vitest';
import { pullSelect } from '../../src/data/pull-columns';
import { milesBetween } from '../../src/domain/uk/distance';
import { OUTCODE_CENTROIDS } from '../../src/domain/uk/outcodes';
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
