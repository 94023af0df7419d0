// Recommendations: one card per model, each linking on to that model's used cars in the marketplace
// written by the one filter schema (@/data/catalogue/filters) the marketplace reads its URL with.
import type { RecommendationCard } from '@/data/personalisation';
import { emptyListingSearch, toSearchParams } from '@/data/catalogue/filters';
import { href } from '@/shared/lib/routes';

/**
 * The first card of each model, in rank order: the same model (by id, or by brand and name when the
 * catalogue holds it twice) never takes two places.
 */
export function onePerModel(cards: readonly RecommendationCard[]): RecommendationCard[] {
  const seen = new Set<string>();
  return cards.filter((c) => {
    const keys = [`id:${c.model.id}`, `name:${c.model.brand_id}|${c.model.name.trim().toLowerCase()}`];
    if (keys.some((k) => seen.has(k))) return false;
    keys.forEach((k) => seen.add(k));
    return true;
  });
}

/** /marketplace filtered to one model. */
export function modelMarketplaceHref(brandSlug: string, modelSlug: string): string {
  const query = toSearchParams({ ...emptyListingSearch(), make: brandSlug, model: modelSlug });
  return `${href.marketplace()}?${query.toString()}`;
}

/** "Ford Pumas"; "Toyota Yaris cars", "Kia EV6 cars" where adding -s or -es would read oddly. */
function plural(name: string): string {
  return /[a-rt-wy]$/.test(name) && !/(?:ch|sh)$/.test(name) ? `${name}s` : `${name} cars`;
}

/** The link's words: "See 14 used Ford Pumas", "See 1 used Ford Puma", or null when none is for sale. */
export function usedCarsLabel(count: number, carName: string): string | null {
  if (count <= 0) return null;
  return `See ${count.toLocaleString('en-GB')} used ${count === 1 ? carName : plural(carName)}`;
}
