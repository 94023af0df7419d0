import { describe, expect, it } from 'vitest';
import type { CarModelRow } from '@/data/catalogue';
import { EMPTY_BROWSE_FILTERS } from './browse-filters';
import { sortModels, type ModelEntry } from '@/entities/car';
import { filterModels } from './filter-models';
import { modelRow } from '@/data/testing/fixtures';

const model = (id: string, over: Partial<CarModelRow>): CarModelRow => modelRow({ id, ...over });
const entries: ModelEntry[] = [
  { model: model('a', { price_from: 30000, mpg: 40, model_year: 2024 }), score: 7.5 },
  { model: model('b', { price_from: 18000, mpg: 60, body_style: 'suv', seats: 7 }), score: 8.1 },
  {
    model: model('c', {
      price_from: 45000,
      fuel_type: 'electric',
      mpg: null,
      ev_range_miles: 300,
      co2_gkm: 0,
      euro_standard: null,
      gearbox: 'automatic',
    }),
    score: 9,
  },
  { model: model('d', { price_from: 25000, fuel_type: 'diesel', euro_standard: 5, ncap_stars: 3 }) },
];

describe('model sorting', () => {
  const ids = (xs: ModelEntry[]) => xs.map((e) => e.model.id);
  it('sorts by price both ways, score, economy (EV range counts) and newest', () => {
    expect(ids(sortModels(entries, 'price-asc'))).toEqual(['b', 'd', 'a', 'c']);
    expect(ids(sortModels(entries, 'price-desc'))).toEqual(['c', 'a', 'd', 'b']);
    expect(ids(sortModels(entries, 'score'))).toEqual(['c', 'b', 'a', 'd']);
    expect(ids(sortModels(entries, 'economy'))).toEqual(['c', 'b', 'd', 'a']);
    expect(ids(sortModels(entries, 'newest'))[3]).toBe('a');
  });
});

describe('model filtering', () => {
  const run = (patch: Partial<typeof EMPTY_BROWSE_FILTERS>) =>
    filterModels(entries, { ...EMPTY_BROWSE_FILTERS, ...patch })
      .map((e) => e.model.id)
      .sort();
  it('applies each filter', () => {
    expect(run({ fuel: ['electric'] })).toEqual(['c']);
    expect(run({ body: ['suv'] })).toEqual(['b']);
    expect(run({ price: 'under-20k' })).toEqual(['b']);
    expect(run({ seatsMin: 7 })).toEqual(['b']);
    expect(run({ gearbox: 'automatic' })).toEqual(['c']);
    expect(run({ ncapMin: 4 })).toEqual(['a', 'b', 'c']);
    // A Euro 5 diesel is not ULEZ compliant.
    expect(run({ ulez: true })).toEqual(['a', 'b', 'c']);
  });
});
