/**
 * The UK catalogue seed: brands, models, reviews, dealers, listings and price histories, as plain rows
 * whose keys are the table columns. Deterministic: fixed seeds, name-based UUIDs, and a fixed "now".
 * The local stack inserts these on first boot; scripts/gen-seed-sql.ts turns them into catalogue.sql.
 */
import { brandMonogramSvg } from '../../src/domain/uk/monogram';
import { BRANDS } from './data/brands';
import { buildDealers } from './dealers';
import { LISTING_COUNT, buildListings, listingBatches, type ListingBatch } from './listings';
import { buildModels } from './models';
import { seedUuid, slugify } from './random';
import { buildReviews } from './reviews';
import type { BrandRow, Catalogue } from './types';

export type { Catalogue } from './types';
export type * from './types';

/** "Now" for ages and days on sale, so every run produces the same catalogue. */
export const REFERENCE_DATE = '2026-11-01T09:00:00.000Z';
/** When the catalogue rows were created. */
export const CATALOGUE_CREATED_AT = '2025-01-01T09:00:00.000Z';

export function generateCatalogue(): Catalogue {
  const { brands, models, dealers } = catalogueBase();
  const { listings, history } = buildListings(models, dealers, REFERENCE_DATE);
  return {
    brands,
    car_models: models.map((m) => m.row),
    reviews: buildReviews(models),
    dealers: dealers.map((d) => d.row),
    vehicle_listings: listings,
    listing_price_history: history,
  };
}

/** The small tables whole, then the listings with their price history in batches. */
export interface CatalogueParts {
  tables: Omit<Catalogue, 'vehicle_listings' | 'listing_price_history'>;
  listingBatches: Iterable<ListingBatch>;
}

/**
 * generateCatalogue()'s rows in parts, for a bulk load that streams: the listings (MOTORLY_LISTINGS of
 * them, up to the UK market's 450,000) are generated a batch at a time while the previous batch inserts.
 */
export function catalogueParts(batchSize?: number): CatalogueParts {
  const { brands, models, dealers } = catalogueBase();
  return {
    tables: {
      brands,
      car_models: models.map((m) => m.row),
      reviews: buildReviews(models),
      dealers: dealers.map((d) => d.row),
    },
    listingBatches: listingBatches(models, dealers, REFERENCE_DATE, LISTING_COUNT, batchSize),
  };
}

function catalogueBase() {
  const brands: BrandRow[] = BRANDS.map((b) => {
    const slug = slugify(b.name);
    return {
      id: seedUuid(`brand:${slug}`),
      slug,
      name: b.name,
      country: b.country,
      founded: b.founded,
      logo_url: brandMonogramSvg(b.name, b.colour),
      description: b.description,
      created_at: CATALOGUE_CREATED_AT,
      updated_at: CATALOGUE_CREATED_AT,
    };
  });
  const models = buildModels(BRANDS, brands, CATALOGUE_CREATED_AT);
  const dealers = buildDealers(CATALOGUE_CREATED_AT);
  return { brands, models, dealers };
}
