// The local predicate: whether a listing row answers a search, by the declarations' rules (the same
// rules the server's SQL applies, computed from the row), for the rows the device holds.
import type { BrandRow, CarModelRow, ListingRow } from '../types';
import { FILTERS } from './declarations';
import type { MatchContext, RowTest } from './filter-kinds';
import type { ListingSearch } from './listing-search';

/** The lookups for matching, from the brand and model rows the device holds. */
export function matchContext(
  brands: readonly Pick<BrandRow, 'id' | 'slug'>[],
  models: readonly Pick<CarModelRow, 'id' | 'slug' | 'brand_id' | 'price_from'>[],
): MatchContext {
  const brandIds = new Map(brands.map((b) => [b.slug, b.id]));
  const modelIds = new Map<string, string[]>();
  const listPrices = new Map<string, number>();
  for (const m of models) {
    const key = `${m.brand_id}/${m.slug}`;
    modelIds.set(key, [...(modelIds.get(key) ?? []), m.id]);
    listPrices.set(m.id, Number(m.price_from));
  }
  return {
    brandIdOf: (slug) => brandIds.get(slug),
    modelIdsOf: (brandSlug, modelSlug) => modelIds.get(`${brandIds.get(brandSlug)}/${modelSlug}`) ?? [],
    listPriceOf: (modelId) => listPrices.get(modelId),
  };
}

/** The search's predicate, prepared once (slugs resolved, postcode placed) for testing many rows. */
export function listingMatcher(s: ListingSearch, ctx: MatchContext): RowTest {
  const tests = FILTERS.map((filter) => filter.predicate(s, ctx)).filter((t): t is RowTest => t !== undefined);
  return (row) => row.status !== 'sold' && tests.every((test) => test(row));
}

export function matchesListing(s: ListingSearch, row: ListingRow, ctx: MatchContext): boolean {
  return listingMatcher(s, ctx)(row);
}
