import { describe, expect, it } from 'vitest';
import type { CarFacts } from '@/domain/ai/rank';
import { carFigures, carSummary } from './card-figures';

const listing: CarFacts = {
  kind: 'listing',
  id: 'l1',
  modelId: 'm1',
  title: '2021 Kia Niro',
  brand: 'Kia',
  model: 'Niro',
  body: 'suv',
  fuel: 'hybrid',
  gearbox: 'automatic',
  seats: 5,
  price: 18995,
  mileage: 21400,
  year: 2021,
  insuranceGroup: 14,
  annualTax: 165,
  ulez: true,
  rangeMiles: null,
  mpg: 64.2,
  miPerKwh: null,
  expertScore: 8,
};

describe('AI search card figures', () => {
  it("shows the car's own tax, insurance group and economy", () => {
    expect(carSummary(listing)).toBe('2021 · 21,400 miles · Hybrid · Automatic');
    expect(carFigures(listing)).toEqual(['£165 tax a year', 'Insurance group 14', '64.2 mpg']);
  });

  it('gives an EV its range and no mpg, a plug-in hybrid both, and a zero-tax car no tax', () => {
    const ev = { ...listing, fuel: 'electric' as const, mpg: null, rangeMiles: 285, annualTax: 0 };
    expect(carFigures(ev)).toEqual(['No road tax', 'Insurance group 14', '285 miles range']);
    const phev = { ...listing, fuel: 'plugin_hybrid' as const, mpg: 217.3, rangeMiles: 38 };
    expect(carFigures(phev)).toEqual(['£165 tax a year', 'Insurance group 14', '217.3 mpg', '38 miles electric range']);
  });

  it('leaves out what the catalogue does not know, and prices a model from its cheapest way in', () => {
    expect(carFigures({ ...listing, annualTax: null, insuranceGroup: null, mpg: null })).toEqual([]);
    const model = { ...listing, kind: 'model' as const, price: 15500, listPrice: 29000 };
    expect(carSummary(model)).toBe('Used from £15,500 · Hybrid · Automatic');
  });
});
