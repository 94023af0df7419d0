// The AI search's "See all N in the marketplace" link, read back by the marketplace's own URL parser:
// every filter the AI understood must arrive (lives in app/ because it joins two features).
import { describe, expect, it } from 'vitest';
import { listingSearchesFor, type AiCatalogue } from '@/data/catalogue';
import { PAGE_SIZE_DEFAULT } from '@/entities/car';
import { marketplaceHref, marketplaceQuery, notCarried } from '@/features/ai-search';
import { parseMarketFilters } from '@/features/marketplace/market-filters';
import { modelMarketplaceHref } from '@/features/recommendations';
import { createQueryParser } from '@/domain/ai/parser';
import type { ParsedQuery } from '@/domain/ai/query-types';
import { seedVocabulary } from '../../supabase/seed/vocabulary';
import { catalogueParts } from '../../supabase/seed/catalogue';

const { tables } = catalogueParts();
const cat: AiCatalogue = {
  vocabulary: seedVocabulary(),
  models: [],
  brandById: new Map(tables.brands.map((b) => [b.id, b])),
  modelById: new Map(tables.car_models.map((m) => [m.id, m])),
  scores: new Map(),
};
const parse = createQueryParser(cat.vocabulary, { referenceYear: 2026 });

const QUERIES = [
  'family SUV under £25k with cheap tax',
  '7 seater diesel automatic',
  'first car with low insurance',
  'ULEZ compliant hatchback around 10 grand',
  'BMW or Audi saloon under 30k miles',
  '£200 a month',
  'hybrid hatchback, auto, 2020 or newer, under 50k miles',
  'cheapest 4x4',
  'newest teslas',
  'kia ev6 or hyundai ioniq 5',
  'Skoda Superb estate diesel auto',
  'ulez compliant diesel under 5k automatic',
  'family SUV with 7 seats and cheap tax',
  'volvo estate 2019+',
  'plug-in hybrid suv under £40k',
];

/** Each parsed filter, checked field by field against the marketplace's filters. */
function expectHeld(q: ParsedQuery, f: ReturnType<typeof parseMarketFilters>) {
  const slugOf = (name: string) => [...cat.brandById.values()].find((b) => b.name === name)?.slug;
  if (q.budgetMax !== undefined) expect(f.priceMax).toBe(q.budgetMax);
  if (q.budgetMin !== undefined) expect(f.priceMin).toBe(q.budgetMin);
  if (q.monthlyBudgetMax !== undefined && q.budgetMax === undefined) expect(f.monthlyMax).toBe(q.monthlyBudgetMax);
  if (q.bodyStyles) expect(f.body).toEqual(expect.arrayContaining(q.bodyStyles));
  if (q.fuelTypes) expect(f.fuel).toEqual(expect.arrayContaining(q.fuelTypes));
  if (q.gearbox) expect(f.gearbox).toBe(q.gearbox);
  if (q.seatsMin !== undefined) expect(f.seatsMin).toBe(q.seatsMin);
  if (q.ulezCompliant) expect(f.ulez).toBe(true);
  if (q.maxInsuranceGroup !== undefined) expect(f.insuranceMax).toBe(q.maxInsuranceGroup);
  if (q.maxAnnualTax !== undefined) expect(f.taxMax).toBe(q.maxAnnualTax);
  if (q.maxMileage !== undefined) expect(f.mileageMax).toBe(q.maxMileage);
  if (q.minYear !== undefined) expect(f.yearMin).toBe(q.minYear);
  if (q.brands && !q.models) expect(q.brands.map(slugOf)).toContain(f.make);
  if (q.models) expect(f.model).toBeDefined();
}

describe('AI search -> marketplace link', () => {
  it.each(QUERIES)('"%s": the marketplace reads back exactly the search the AI ran', (text) => {
    const q = parse(text);
    const searches = listingSearchesFor(q, cat);
    expect(searches.length).toBeGreaterThan(0);
    for (const s of searches) {
      const url = marketplaceHref(s);
      expect(url.startsWith('/marketplace')).toBe(true);
      const back = parseMarketFilters(url.slice(url.indexOf('?') + 1));
      expect(back).toEqual({ ...s, page: 1, pageSize: PAGE_SIZE_DEFAULT });
      expectHeld(q, back);
    }
    expect(notCarried(q, searches[0])).toEqual([]);
  });

  it('names a make and model per link when the query names several', () => {
    const searches = listingSearchesFor(parse('kia ev6 or hyundai ioniq 5'), cat);
    expect(searches.map((s) => `${s.make}/${s.model}`)).toEqual(['kia/ev6', 'hyundai/ioniq-5']);
  });

  it('says what the marketplace cannot hold instead of dropping it silently', () => {
    const q = parse('electric estate with 250 miles range');
    const [s] = listingSearchesFor(q, cat);
    expect(parseMarketFilters(marketplaceQuery(s))).toMatchObject({ fuel: ['electric'], body: ['wagon'] });
    expect(notCarried(q, s)).toEqual(['250+ miles of range']);
  });

  it('an empty query opens the whole marketplace', () => {
    expect(marketplaceHref(listingSearchesFor({}, cat)[0])).toBe('/marketplace');
  });
});

describe('recommendation -> marketplace link', () => {
  it("opens the marketplace on exactly that model's cars", () => {
    const url = modelMarketplaceHref('ford', 'puma');
    expect(parseMarketFilters(url.slice(url.indexOf('?') + 1))).toMatchObject({ make: 'ford', model: 'puma' });
  });
});
