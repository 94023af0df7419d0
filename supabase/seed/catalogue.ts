/**
 * The UK catalogue seed: brands, models, reviews, dealers, listings and price histories, as plain rows
 * whose keys are the table columns. Deterministic: fixed seeds, name-based UUIDs, and a fixed "now".
 * The local stack inserts these on first boot; scripts/gen-seed-sql.ts turns them into catalogue.sql.
 */
import { brandMonogramSvg } from '../../src/shared/lib/uk/monogram';
import { BRANDS } from './data/brands';
import { buildDealers } from './dealers';
import { buildListings } from './listings';
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
