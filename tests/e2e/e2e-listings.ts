import { listingCount } from '../../supabase/seed/listings';

/**
 * The end-to-end stack is seeded with fewer listings than the product's 10,800 (MOTORLY_LISTINGS, read
 * by the seed generator): every spec's page downloads the whole catalogue in the background, and at the
 * full size that download held the CPU through most of the suite (the catalogue specs ran about 35%
 * slower). The full size is what the benchmarks measure (bench/); the specs check behaviour.
 */
export const E2E_LISTINGS = listingCount(process.env.MOTORLY_LISTINGS || '3000');

/** At least this many listings are for sale (not sold or reserved) once the whole catalogue is in. */
export const E2E_FOR_SALE_MIN = Math.floor(E2E_LISTINGS * 0.9);
