import { describe, expect, it } from 'vitest';
import { evaluate } from './evaluate';
import { LABELLED_QUERIES } from './labelled-queries';
import { createQueryParser } from './parser';
import { seedVocabulary } from '../../../supabase/seed/vocabulary';

const parse = createQueryParser(seedVocabulary(), { referenceYear: 2026 });

describe('AI search parser', () => {
  it('has at least 200 labelled shopper queries, no duplicates', () => {
    expect(LABELLED_QUERIES.length).toBeGreaterThanOrEqual(200);
    expect(new Set(LABELLED_QUERIES.map((l) => l.query.toLowerCase())).size).toBe(LABELLED_QUERIES.length);
  });

  it('reaches 95% field-level precision and recall over the labelled set', () => {
    const e = evaluate(LABELLED_QUERIES, parse);
    expect(e.precision).toBeGreaterThanOrEqual(0.95);
    expect(e.recall).toBeGreaterThanOrEqual(0.95);
  });

  it('parses the issue examples into the documented fields', () => {
    expect(parse('family SUV under £25k with cheap tax')).toEqual({
      bodyStyles: ['suv'],
      budgetMax: 25000,
      maxAnnualTax: 200,
      keywords: ['family'],
    });
    expect(parse('ULEZ compliant hatchback around 10 grand')).toMatchObject({
      ulezCompliant: true,
      budgetMin: 8000,
      budgetMax: 12000,
    });
    expect(parse('BMW or Audi saloon under 30k miles')).toEqual({
      brands: ['BMW', 'Audi'],
      bodyStyles: ['sedan'],
      maxMileage: 30000,
    });
    expect(parse('something like a Golf but cheaper')).toEqual({ similarTo: 'Golf', sort: 'price_asc' });
    expect(parse('£200 a month')).toEqual({ monthlyBudgetMax: 200 });
  });

  it('tolerates typos against the vocabulary but not unrelated words', () => {
    expect(parse('volkswagon golf')).toMatchObject({ brands: ['Volkswagen'], models: ['Golf'] });
    expect(parse('hybird suv')).toMatchObject({ fuelTypes: ['hybrid'], bodyStyles: ['suv'] });
    expect(parse('like a Fiesta')).toEqual({ keywords: ['fiesta'] });
  });

  it('keeps numbers that are model names apart from prices and seats', () => {
    expect(parse('peugeot 3008 or 5008')).toEqual({ brands: ['Peugeot'], models: ['3008', '5008'] });
    expect(parse('7 seater')).toEqual({ seatsMin: 7 });
    expect(parse('2008 onwards')).toEqual({ minYear: 2008 });
  });

  it('is deterministic and leaves what it did not understand as keywords', () => {
    expect(parse('reliable japanese hatchback')).toEqual(parse('reliable japanese hatchback'));
    expect(parse('a comfy motorway cruiser').keywords).toEqual(['comfy', 'motorway', 'cruiser']);
  });
});
