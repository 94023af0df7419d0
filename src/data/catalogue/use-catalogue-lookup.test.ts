import { describe, expect, it } from 'vitest';
import { nextLookup, shareRows, type CatalogueLookup } from './use-catalogue-lookup';
import type { BrandRow, CarModelRow } from './types';

const model = (id: string, length_mm = 4_300) =>
  ({ id, brand_id: 'b1', name: id, length_mm }) as unknown as CarModelRow;
const brand = (id: string, name = id) => ({ id, name, slug: id }) as unknown as BrandRow;
const empty: CatalogueLookup = { modelById: new Map(), brandById: new Map() };

describe('catalogue lookup sharing', () => {
  it('keeps the lookup itself when a re-run reads the same rows (copies, as IndexedDB returns them)', () => {
    const first = nextLookup(empty, [model('m1'), model('m2')], [brand('b1')]);
    const again = nextLookup(first, [model('m1'), model('m2')], [brand('b1')]);
    expect(again).toBe(first);
  });

  it('keeps each unchanged row object and replaces only the changed or new ones', () => {
    const first = nextLookup(empty, [model('m1'), model('m2')], [brand('b1')]);
    const next = nextLookup(first, [model('m1'), model('m2', 4_900), model('m3')], [brand('b1')]);
    expect(next).not.toBe(first);
    expect(next.modelById.get('m1')).toBe(first.modelById.get('m1'));
    expect(next.modelById.get('m2')).not.toBe(first.modelById.get('m2'));
    expect(next.modelById.get('m2')?.length_mm).toBe(4_900);
    expect(next.modelById.get('m3')?.id).toBe('m3');
    expect(next.brandById).toBe(first.brandById);
  });

  it('notices a removed row', () => {
    const first = shareRows(new Map(), [brand('b1'), brand('b2')]);
    const next = shareRows(first, [brand('b1')]);
    expect(next).not.toBe(first);
    expect([...next.keys()]).toEqual(['b1']);
    expect(next.get('b1')).toBe(first.get('b1'));
  });

  it('notices a row replaced by another of the same count', () => {
    const first = shareRows(new Map(), [brand('b1'), brand('b2')]);
    const next = shareRows(first, [brand('b1'), brand('b3')]);
    expect(next).not.toBe(first);
    expect(next.has('b3')).toBe(true);
    expect(next.has('b2')).toBe(false);
  });
});
