import { describe, expect, it } from 'vitest';
import {
  COMPARE_MAX,
  addCompareItem,
  bestIndexes,
  decodeCompareItems,
  encodeCompareItems,
  removeCompareItem,
  type CompareItem,
} from './compare-rules';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const m = (n: number): CompareItem => ({ kind: 'model', id: id(n) });
const l = (n: number): CompareItem => ({ kind: 'listing', id: id(n) });

describe('compare rules', () => {
  it('adds up to four, then refuses', () => {
    let items: CompareItem[] = [];
    for (let i = 1; i <= COMPARE_MAX; i++) {
      const r = addCompareItem(items, m(i));
      expect(r.ok).toBe(true);
      items = r.items;
    }
    const r = addCompareItem(items, l(9));
    expect(r).toMatchObject({ ok: false, reason: 'full' });
    expect(r.items).toHaveLength(4);
  });

  it('refuses duplicates but treats a model and a listing with the same id as different', () => {
    const r1 = addCompareItem([m(1)], m(1));
    expect(r1).toMatchObject({ ok: false, reason: 'duplicate' });
    expect(addCompareItem([m(1)], l(1)).ok).toBe(true);
  });

  it('removes', () => {
    expect(removeCompareItem([m(1), l(2), m(3)], l(2))).toEqual([m(1), m(3)]);
  });

  it('encodes and decodes the URL form, dropping junk, duplicates and extras', () => {
    const items = [m(1), l(2)];
    expect(decodeCompareItems(encodeCompareItems(items))).toEqual(items);
    const raw = [
      `m:${id(1)}`,
      `m:${id(1)}`,
      'x:1',
      'l:not-a-uuid',
      `l:${id(2)}`,
      `m:${id(3)}`,
      `m:${id(4)}`,
      `m:${id(5)}`,
    ].join(',');
    expect(decodeCompareItems(raw)).toEqual([m(1), l(2), m(3), m(4)]);
    expect(decodeCompareItems(null)).toEqual([]);
  });
});

describe('bestIndexes', () => {
  it('finds the lowest or highest, ties included', () => {
    expect(bestIndexes([3, 1, 2, 1], 'lower')).toEqual([1, 3]);
    expect(bestIndexes([3, 1, 5], 'higher')).toEqual([2]);
  });
  it('highlights nothing when all equal or only one value', () => {
    expect(bestIndexes([2, 2], 'lower')).toEqual([]);
    expect(bestIndexes([2, null, undefined], 'lower')).toEqual([]);
  });
});
