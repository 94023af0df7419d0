// "Biggest reduction" orders only the page: the bounded selection must give exactly what sorting every
// match would (drop largest first, equal drops newest-listed first, then the unreduced newest first).
import { expect, it } from 'vitest';
import fc from 'fast-check';
import { byReductionTopK } from './listing-search';

/** The reference: every match in newest-listed order, reduced ones stably sorted by drop, then the rest. */
function fullSort(listedAt: Int32Array, keep: (id: number) => boolean, drop: ArrayLike<number>): number[] {
  const newest = [...listedAt].reverse().filter(keep);
  return [
    ...newest.filter((id) => drop[id] > 0).sort((a, b) => drop[b] - drop[a]),
    ...newest.filter((id) => !(drop[id] > 0)),
  ];
}

it('gives the first `need` of the full reduction order, and the match count', () => {
  fc.assert(
    fc.property(
      fc.array(fc.record({ drop: fc.constantFrom(0, 0, 100, 250, 250, 500, 1200), kept: fc.boolean() }), {
        maxLength: 300,
      }),
      fc.integer({ min: 0, max: 1000 }),
      fc.nat({ max: 120 }),
      (rows, shuffle, need) => {
        const drop = Float64Array.from(rows, (r) => r.drop);
        // Ids in some listed_at order (a rotation and reversal of 0..n-1).
        const ids = rows.map((_, i) => i);
        const rot = rows.length ? shuffle % rows.length : 0;
        const order = Int32Array.from([...ids.slice(rot), ...ids.slice(0, rot)].reverse());
        const keep = (id: number) => rows[id].kept;
        const want = fullSort(order, keep, drop);
        const got = byReductionTopK(order, keep, drop, need);
        expect(got.total).toBe(want.length);
        expect(got.ids).toEqual(want.slice(0, need));
      },
    ),
    { numRuns: 400 },
  );
});

it('orders only the page: comparisons grow with the matches, not with their sort', () => {
  // 30,000 reduced listings, all distinct drops, most recent ones the smallest (a heap's worst case is
  // ascending drops; these are mixed). Reading each drop is counted.
  const n = 30_000;
  const values = Float64Array.from({ length: n }, (_, i) => 1 + ((i * 7919) % n));
  let reads = 0;
  const drop = new Proxy(values, {
    get: (target, key) => {
      if (typeof key === 'string' && /^\d+$/.test(key)) reads++;
      return Reflect.get(target, key) as unknown;
    },
  }) as unknown as Float64Array;
  const order = Int32Array.from({ length: n }, (_, i) => i);
  const got = byReductionTopK(order, () => true, drop, 20);
  expect(got.total).toBe(n);
  expect(got.ids.map((id) => values[id])).toEqual(Array.from({ length: 20 }, (_, i) => n - i));
  // A full sort reads two drops per comparison, about n log2 n = 450,000 comparisons.
  expect(reads).toBeLessThan(6 * n);
});
