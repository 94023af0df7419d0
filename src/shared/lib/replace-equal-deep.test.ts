import { describe, expect, it } from 'vitest';
import { replaceEqualDeep } from './replace-equal-deep';

describe('replaceEqualDeep', () => {
  it('returns the previous answer when the new one is deeply equal', () => {
    const prev = {
      total: 2,
      rows: [
        { id: 'a', price: 1 },
        { id: 'b', price: 2 },
      ],
      miles: { d1: 3 },
    };
    const next = structuredClone(prev);
    expect(replaceEqualDeep(prev, next)).toBe(prev);
  });

  it('keeps the unchanged rows and replaces the changed one', () => {
    const prev = {
      total: 2,
      rows: [
        { id: 'a', price: 1 },
        { id: 'b', price: 2 },
      ],
    };
    const next = {
      total: 2,
      rows: [
        { id: 'a', price: 1 },
        { id: 'b', price: 3 },
      ],
    };
    const out = replaceEqualDeep(prev, next);
    expect(out).not.toBe(prev);
    expect(out).toEqual(next);
    expect(out.rows[0]).toBe(prev.rows[0]);
    expect(out.rows[1]).not.toBe(prev.rows[1]);
    expect(out.rows[1]).toEqual({ id: 'b', price: 3 });
  });

  it('sees added, removed and renamed keys and items', () => {
    expect(replaceEqualDeep({ a: 1 }, { a: 1, b: 2 })).toEqual({ a: 1, b: 2 });
    const prev = { a: 1, b: 2 };
    expect(replaceEqualDeep(prev, { a: 1 })).not.toBe(prev);
    expect(replaceEqualDeep({ a: 1, b: undefined }, { a: 1, c: undefined })).toEqual({ a: 1, c: undefined });
    const list = [1, 2, 3];
    expect(replaceEqualDeep(list, [1, 2])).toEqual([1, 2]);
    expect(replaceEqualDeep([1, 2], [1, 2, 3])).toEqual([1, 2, 3]);
  });

  it('treats maps, dates and class instances as equal only when identical', () => {
    const m = new Map([['a', 1]]);
    const next = new Map([['a', 1]]);
    expect(replaceEqualDeep(m, next)).toBe(next);
    const d = new Date(0);
    const d2 = new Date(0);
    expect(replaceEqualDeep({ d }, { d: d2 }).d).toBe(d2);
    expect(replaceEqualDeep(undefined, 5)).toBe(5);
    expect(replaceEqualDeep(5, 5)).toBe(5);
    expect(replaceEqualDeep(Number.NaN, Number.NaN)).toBeNaN();
  });
});
