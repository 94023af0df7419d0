import { describe, expect, it } from 'vitest';
import { chipsFor, removeChip } from './query-chips';
import { MAX_SUGGESTIONS, suggest } from './suggestions';

describe('query chips', () => {
  it('makes one chip per fact and removes exactly that fact', () => {
    const q = { brands: ['BMW', 'Audi'], bodyStyles: ['sedan' as const], maxMileage: 30000 };
    const chips = chipsFor(q);
    expect(chips.map((c) => c.label)).toEqual(['BMW', 'Audi', 'Saloon', 'Under 30,000 miles']);
    expect(removeChip(q, chips[0])).toEqual({ brands: ['Audi'], bodyStyles: ['sedan'], maxMileage: 30000 });
    expect(removeChip(q, chips[2])).toEqual({ brands: ['BMW', 'Audi'], maxMileage: 30000 });
    expect(removeChip(q, chips[3])).toEqual({ brands: ['BMW', 'Audi'], bodyStyles: ['sedan'] });
  });
});

describe('suggestions', () => {
  const vocab = {
    brands: [{ name: 'Volkswagen' }, { name: 'Volvo' }],
    models: [
      { name: 'Golf', brand: 'Volkswagen' },
      { name: 'XC90', brand: 'Volvo' },
    ],
  };
  it('completes the last word from the catalogue, at most three', () => {
    expect(suggest('estate vol', vocab)).toEqual(['estate Volkswagen', 'estate Volvo', 'estate Volkswagen Golf']);
    expect(suggest('u', vocab)).toEqual([]);
    expect(suggest('under', vocab).length).toBeLessThanOrEqual(MAX_SUGGESTIONS);
    expect(suggest('family go', vocab)).toEqual(['family Volkswagen Golf']);
  });
});
