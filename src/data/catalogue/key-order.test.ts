// Pins sortIdsByKey to the comparator sort it replaces: the same ids in the same order (key, then id)
// for numbers (integers, wide ranges, fractions, infinities, -0), strings (shared prefixes, different
// lengths, the empty string, long keys equal far into them, any code unit), absent keys and mixed types.
import { cmp } from 'dexie';
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { sortIdsByKey, type SortKey } from './key-order';

const cmpKey = (a: SortKey, b: SortKey) => cmp(a, b);

function reference(keyById: readonly (SortKey | undefined)[]): number[] {
  const ids: number[] = [];
  keyById.forEach((k, i) => {
    if (k !== undefined) ids.push(i);
  });
  return ids.sort((a, b) => cmpKey(keyById[a] as SortKey, keyById[b] as SortKey) || a - b);
}

const check = (keys: (SortKey | undefined)[]): void => {
  expect([...sortIdsByKey(keys, cmpKey)]).toEqual(reference(keys));
};

const maybe = <T>(arb: fc.Arbitrary<T>) => fc.oneof({ weight: 5, arbitrary: arb }, fc.constant(undefined));

it('orders integer keys, narrow and wide ranges', () => {
  fc.assert(fc.property(fc.array(maybe(fc.integer({ min: -50, max: 50 })), { maxLength: 300 }), check));
  fc.assert(fc.property(fc.array(maybe(fc.maxSafeInteger()), { maxLength: 300 }), check));
});

it('orders fractional, infinite and signed-zero keys', () => {
  const num = fc.oneof(
    fc.double({ noNaN: true }),
    fc.constantFrom(0, -0, Infinity, -Infinity, 0.5, -0.5, Number.MAX_VALUE, Number.MIN_VALUE),
  );
  fc.assert(fc.property(fc.array(maybe(num), { maxLength: 300 }), check));
});

it('orders string keys: shared prefixes, lengths, the empty string, any code unit', () => {
  const shortAlphabet = fc.string({ unit: fc.constantFrom('a', 'b', '-', '0', '9'), maxLength: 6 });
  fc.assert(fc.property(fc.array(maybe(shortAlphabet), { maxLength: 300 }), check));
  fc.assert(fc.property(fc.array(maybe(fc.string({ unit: 'binary', maxLength: 8 })), { maxLength: 200 }), check), {
    numRuns: 40,
  });
  // Keys equal for longer than the encoded positions (the runs the comparator finishes).
  const long = fc
    .tuple(fc.constantFrom('x'.repeat(70), 'y'.repeat(30)), fc.string({ maxLength: 3 }))
    .map(([a, b]) => a + b);
  fc.assert(fc.property(fc.array(maybe(long), { maxLength: 100 }), check));
});

it('orders ISO timestamps and UUID-like ids at catalogue scale', () => {
  const base = Date.parse('2024-01-01T00:00:00Z');
  const rnd = fc.sample(fc.integer({ min: 0, max: 3e10 }), 20_000);
  check(rnd.map((r, i) => (i % 97 === 0 ? undefined : new Date(base + r).toISOString())));
  // Microsecond timestamps sharing every position a double can hold.
  check(rnd.map((r) => `2025-06-01T12:00:00.${String(r % 1_000_000).padStart(6, '0')}+00:00`));
  const hex = fc.sample(fc.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}$/), 2000);
  check(rnd.map((r) => hex[r % hex.length]));
});

it('falls back for dates and mixed types', () => {
  const key = fc.oneof(fc.integer({ min: 0, max: 5 }), fc.string({ maxLength: 2 }), fc.date({ noInvalidDate: true }));
  fc.assert(fc.property(fc.array(maybe(key), { maxLength: 200 }), check));
});
