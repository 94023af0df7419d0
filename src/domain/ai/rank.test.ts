import { describe, expect, it } from 'vitest';
import { rankCars, relaxationMessage, type CarFacts } from './rank';

const base: CarFacts = {
  kind: 'listing',
  id: 'x',
  modelId: 'm',
  title: 'Car',
  brand: 'Ford',
  model: 'Focus',
  body: 'hatchback',
  fuel: 'petrol',
  gearbox: 'manual',
  seats: 5,
  price: 10000,
  mileage: 40000,
  year: 2019,
  insuranceGroup: 12,
  annualTax: 200,
  ulez: true,
  rangeMiles: null,
  mpg: 50,
  miPerKwh: null,
  expertScore: 7,
};
const car = (over: Partial<CarFacts>): CarFacts => ({ ...base, modelId: `model-${over.id}`, ...over });
const cars = [
  car({ id: 'a', price: 9000, body: 'hatchback', gearbox: 'manual' }),
  car({ id: 'b', price: 14000, body: 'wagon', fuel: 'diesel', gearbox: 'automatic', model: 'Focus Estate', mpg: 62 }),
  car({
    id: 'c',
    price: 30000,
    body: 'suv',
    fuel: 'electric',
    gearbox: 'automatic',
    brand: 'Kia',
    model: 'EV6',
    rangeMiles: 300,
    mpg: null,
    miPerKwh: 3.5,
    expertScore: 9,
  }),
  car({
    id: 'd',
    price: 7000,
    model: 'Fiesta',
    body: 'hatchback',
    gearbox: 'manual',
    insuranceGroup: 25,
    annualTax: 600,
    ulez: false,
  }),
];
const opts = { cashForMonthly: (m: number) => m * 40 };

describe('rankCars', () => {
  it('keeps only cars that meet every filter, with a reason quoting the figures', () => {
    const r = rankCars(cars, { budgetMax: 12000, bodyStyles: ['hatchback'], maxAnnualTax: 200 }, opts);
    expect(r.results.map((x) => x.car.id)).toEqual(['a']);
    expect(r.results[0].reason).toContain('£9,000');
    expect(r.results[0].reason).toContain('£200 tax, at your £200 limit');
    expect(r.relaxed).toEqual([]);
  });

  it("compares each car's own figures with the request, not the request's caps", () => {
    const own = [
      car({ id: 'f', annualTax: 165, insuranceGroup: 8, mileage: 21000, price: 11500 }),
      car({ id: 'g', fuel: 'electric', rangeMiles: 280, mpg: null, miPerKwh: 4, annualTax: 0 }),
    ];
    const tax = rankCars(own, { maxAnnualTax: 200, maxInsuranceGroup: 10, maxMileage: 30000 }, opts);
    expect(tax.results[0].reason).toBe(
      'Insurance group 8, under your 10; £165 tax, under your £200; 21,000 miles, under your 30,000',
    );
    const range = rankCars(own, { minRangeMiles: 250, budgetMax: 12000, minYear: 2019 }, opts);
    expect(range.results[0].reason).toContain('280 miles of range, above your 250');
    expect(range.results[0].reason).toContain('£10,000, under your £12,000');
    expect(range.results[0].reason).toContain('2019, as you asked');
  });

  it('relaxes the least important filter instead of showing nothing, and says so', () => {
    const r = rankCars(cars, { fuelTypes: ['electric'], maxMileage: 100, budgetMax: 40000 }, opts);
    expect(r.results.map((x) => x.car.id)).toEqual(['c']);
    expect(r.relaxed.map((x) => x.field)).toEqual(['maxMileage']);
    expect(relaxationMessage(r.relaxed)).toBe(
      'Nothing matched everything you asked for, so these results ignore: under 100 miles.',
    );
  });

  it('sorts by price, running cost and expert score', () => {
    expect(rankCars(cars, { sort: 'price_asc' }, opts).results.map((x) => x.car.id)).toEqual(['d', 'a', 'b', 'c']);
    expect(rankCars(cars, { sort: 'score_desc' }, opts).results[0].car.id).toBe('c');
    const running = rankCars(cars, { sort: 'running_cost_asc' }, opts).results;
    expect(running[0].car.id).toBe('c');
    expect(running[0].reason).toMatch(/a year in fuel and tax/);
  });

  it('turns a monthly budget into a cash ceiling with the finance example', () => {
    expect(
      rankCars(cars, { monthlyBudgetMax: 250 }, opts)
        .results.map((x) => x.car.id)
        .sort(),
    ).toEqual(['a', 'd']);
  });

  it('finds cars like a reference model, cheaper when asked, never the model itself', () => {
    const ref = cars[0];
    const r = rankCars(
      [...cars, car({ id: 'e', price: 8000, model: 'Corsa', brand: 'Vauxhall' })],
      { similarTo: 'Focus', sort: 'price_asc' },
      opts,
      ref,
    );
    expect(r.results.map((x) => x.car.id)).toEqual(['d', 'e']);
  });

  it('named models narrow their own brand only', () => {
    const r = rankCars(cars, { brands: ['Ford', 'Kia'], models: ['Focus Estate'] }, opts);
    expect(r.results.map((x) => x.car.id).sort()).toEqual(['b', 'c']);
  });
});

describe('relaxation picks the fewest filters to drop', () => {
  it('drops the one filter that blocks everything rather than every less important one before it', () => {
    // Nothing is both an estate and under £12,000; tax (less important than body style) is innocent.
    const r = rankCars(cars, { bodyStyles: ['wagon'], budgetMax: 12000, maxAnnualTax: 200 }, opts);
    expect(r.relaxed.map((x) => x.field)).toEqual(['bodyStyles']);
    expect(r.results.map((x) => x.car.id)).toEqual(['a']);
  });
});
