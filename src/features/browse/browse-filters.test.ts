import { describe, expect, it } from 'vitest';
import {
  EMPTY_BROWSE_FILTERS,
  parseBrowseFilters,
  serializeBrowseFilters,
  updateBrowseFilters,
  type BrowseFilters,
} from './browse-filters';

describe('browse filters <-> URL', () => {
  it('round-trips', () => {
    const f: BrowseFilters = {
      brands: ['ford', 'kia'],
      body: ['suv'],
      fuel: ['electric', 'hybrid'],
      price: '20k-30k',
      seatsMin: 7,
      gearbox: 'automatic',
      insuranceMax: 25,
      ncapMin: 5,
      ulez: true,
      sort: 'economy',
      page: 2,
      pageSize: 40,
    };
    expect(parseBrowseFilters(serializeBrowseFilters(f))).toEqual(f);
  });

  it('defaults write an empty query and parse back', () => {
    expect(serializeBrowseFilters(EMPTY_BROWSE_FILTERS).toString()).toBe('');
    expect(parseBrowseFilters('')).toEqual(EMPTY_BROWSE_FILTERS);
  });

  it('is canonical: brand order does not change the URL', () => {
    const a = serializeBrowseFilters({ ...EMPTY_BROWSE_FILTERS, brands: ['kia', 'audi'] }).toString();
    const b = serializeBrowseFilters({ ...EMPTY_BROWSE_FILTERS, brands: ['audi', 'kia'] }).toString();
    expect(a).toBe(b);
  });

  it('rejects unknown values and caps page size', () => {
    const f = parseBrowseFilters('price=cheap&sort=random&size=5000&ncap=9&brand=../x,ok-brand');
    expect(f.price).toBeUndefined();
    expect(f.sort).toBe('price-asc');
    expect(f.pageSize).toBe(1000);
    expect(f.ncapMin).toBe(5);
    expect(f.brands).toEqual(['ok-brand']);
  });

  it('resets the page on filter change', () => {
    expect(updateBrowseFilters({ ...EMPTY_BROWSE_FILTERS, page: 3 }, { fuel: ['diesel'] }).page).toBe(1);
  });
});
