// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { getPartExchange, setPartExchange, type PartExchangeCar } from './part-exchange';

const car: PartExchangeCar = {
  make: 'Volkswagen',
  model: 'Polo',
  year: 2019,
  mileage: 42_000,
  registration: 'AB69 CDE',
  valuation: { low: 9_800, high: 11_200, value: 10_500, partExchange: 8_950, comparables: 14 },
  savedAt: '2026-11-23T10:00:00.000Z',
};

describe('part-exchange store', () => {
  afterEach(() => setPartExchange(null));

  it('keeps the chosen car and clears it', () => {
    expect(getPartExchange()).toBeNull();
    setPartExchange(car);
    expect(getPartExchange()).toEqual(car);
    setPartExchange(null);
    expect(getPartExchange()).toBeNull();
  });

  it('ignores unreadable stored data', () => {
    localStorage.setItem('motorly.partExchange', '{"make":1}');
    expect(getPartExchange()).toBeNull();
    localStorage.setItem('motorly.partExchange', 'not json');
    expect(getPartExchange()).toBeNull();
  });
});
