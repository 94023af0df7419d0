// A listing that shows the same keeps its object (memoised cards do not render again); a changed one does not.
import { describe, expect, it, vi } from 'vitest';
import { listingRow } from '../../testing/fixtures';
import type { ListingRow } from '../types';
import { keepSame, sameListing, sameStored } from './same-row';

const row = (id: string, over: Partial<ListingRow> = {}) => listingRow({ id, photos: ['d/x/1.jpg'], ...over });

describe('same row', () => {
  it("ignores the store's derived fields and compares arrays by content", () => {
    const stored = { ...row('a'), colour_key: 'red', ulez: 1, annual_tax: 200 } as ListingRow;
    expect(sameListing(row('a'), stored)).toBe(true);
    expect(sameListing(row('a'), row('a', { price: 4000 }))).toBe(false);
    expect(sameListing(row('a'), row('a', { photos: ['d/x/2.jpg'] }))).toBe(false);
    expect(sameListing(row('a'), row('a', { registration: 'AB12 CDE' }))).toBe(false);
  });

  it("keeps the previous object of each unchanged row, and takes the new one's otherwise", () => {
    const [a, b] = [row('a'), row('b')];
    const next = [row('a'), row('b', { price: 1 }), row('c')];
    const kept = keepSame([a, b], next);
    expect(kept[0]).toBe(a);
    expect(kept[1]).toBe(next[1]);
    expect(kept[2]).toBe(next[2]);
  });

  it('holds a row as stored only when its derived fields agree too, and derives only rows whose columns agree', () => {
    const stored = { ...row('a'), colour_key: 'red', ulez: 1, annual_tax: 200 } as ListingRow;
    const derived = { colour_key: 'red', ulez: 1, annual_tax: 200 };
    const derive = vi.fn(() => derived);
    expect(sameStored(stored, row('a'), derive)).toBe(true);
    // The model's list price arrived since: the tax differs, so the row is written again.
    expect(sameStored(stored, row('a'), () => ({ ...derived, annual_tax: 600 }))).toBe(false);
    derive.mockClear();
    expect(sameStored(stored, row('a', { price: 4000 }), derive)).toBe(false);
    expect(sameStored(undefined, row('a'), derive)).toBe(false);
    expect(derive).not.toHaveBeenCalled();
  });
});
