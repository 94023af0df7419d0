import { describe, expect, it } from 'vitest';
import type { ModelEntry } from '@/entities/car';
import { brandRow, modelRow } from '@/data/testing/fixtures';
import { EMPTY_BROWSE_FILTERS, parseBrowseFilters, updateBrowseFilters } from './browse-filters';
import { browseFilterChips, modelCountsByBrand } from './browse-chips';

const NAMES = new Map([
  ['kia', 'Kia'],
  ['ford', 'Ford'],
]);

describe('browseFilterChips', () => {
  it('names each applied value, brands by name', () => {
    const f = parseBrowseFilters('brand=kia,ford&price=20k-30k&body=suv&fuel=electric,hybrid&seats=7&ncap=4&ulez=1');
    expect(browseFilterChips(f, NAMES).map((c) => c.label)).toEqual([
      'Ford',
      'Kia',
      '£20,000 – £30,000',
      'SUV',
      'Electric',
      'Hybrid',
      '7+ seats',
      'ULEZ compliant',
      '4-star Euro NCAP or more',
    ]);
    expect(browseFilterChips(EMPTY_BROWSE_FILTERS, NAMES)).toEqual([]);
  });

  it('removing a chip removes only that value', () => {
    const f = parseBrowseFilters('brand=kia,ford&price=20k-30k&body=suv,sedan&gearbox=manual&ins_max=20&page=2');
    const all = browseFilterChips(f, NAMES);
    for (const chip of all) {
      const next = updateBrowseFilters(f, chip.remove);
      expect(
        browseFilterChips(next, NAMES).map((c) => c.key),
        chip.key,
      ).toEqual(all.map((c) => c.key).filter((k) => k !== chip.key));
      expect(next.page).toBe(1);
    }
  });
});

describe('modelCountsByBrand', () => {
  it('counts models per brand under the other filters, whatever brands are ticked', () => {
    const kia = brandRow({ id: 'b1', slug: 'kia', name: 'Kia' });
    const ford = brandRow({ id: 'b2', slug: 'ford', name: 'Ford' });
    const entries: ModelEntry[] = [
      { model: modelRow({ id: 'a', brand_id: 'b1', body_style: 'suv' }), brand: kia },
      { model: modelRow({ id: 'b', brand_id: 'b1', body_style: 'hatchback' }), brand: kia },
      { model: modelRow({ id: 'c', brand_id: 'b2', body_style: 'suv' }), brand: ford },
    ];
    const counts = modelCountsByBrand(entries, parseBrowseFilters('brand=ford&body=suv'));
    expect(Object.fromEntries(counts)).toEqual({ kia: 1, ford: 1 });
    expect(Object.fromEntries(modelCountsByBrand(entries, EMPTY_BROWSE_FILTERS))).toEqual({ kia: 2, ford: 1 });
  });
});
