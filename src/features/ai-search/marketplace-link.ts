// From an AI search to the marketplace: the same listing searches the AI results ran, written under the
// marketplace's own URL keys (market-filters.ts), so the marketplace opens on exactly these filters.
import type { ListingSearch } from '@/data/catalogue';
import { PAGE_SIZE_DEFAULT, serializeFilterParams, specFilterParams } from '@/entities/car';
import { describeFilter } from '@/shared/lib/ai/rank';
import type { ParsedQuery } from '@/shared/lib/ai/query-types';
import { href } from '@/shared/lib/routes';

/** The marketplace query string of one listing search (page 1, the marketplace's default page size). */
export function marketplaceQuery(s: ListingSearch): URLSearchParams {
  const monthly = s.priceMode === 'monthly';
  return serializeFilterParams(
    [
      ['postcode', s.postcode],
      ['radius', s.postcode ? s.radius : undefined],
      ['make', s.make],
      ['model', s.make ? s.model : undefined],
      ['price_mode', monthly ? 'monthly' : undefined],
      ['monthly_max', monthly ? s.monthlyMax : undefined],
      ['price_min', monthly ? undefined : s.priceMin],
      ['price_max', monthly ? undefined : s.priceMax],
      ['year_min', s.yearMin],
      ['year_max', s.yearMax],
      ['mileage_max', s.mileageMax],
      ['colour', s.colour],
      ['tax_max', s.taxMax],
      ['dealer', s.dealer],
      ...specFilterParams(s),
    ],
    { sort: s.sort, page: 1, pageSize: PAGE_SIZE_DEFAULT },
    'relevance',
  );
}

export function marketplaceHref(s: ListingSearch): string {
  const query = marketplaceQuery(s).toString();
  return query ? `${href.marketplace()}?${query}` : href.marketplace();
}

/** The search a marketplace link counts: what the marketplace itself will run for that URL. */
export function countedSearch(s: ListingSearch): ListingSearch {
  return { ...s, page: 1, pageSize: 1 };
}

/**
 * What the AI understood that no marketplace filter holds, as the chips word it, so the page can say
 * that the link leaves it out rather than pretend it carries everything.
 */
export function notCarried(q: ParsedQuery, s: ListingSearch): string[] {
  const opts = { cashForMonthly: (m: number) => m };
  const out: string[] = [];
  if (q.minRangeMiles !== undefined) out.push(describeFilter('minRangeMiles', q, opts));
  if (s.priceMode === 'cash' && q.monthlyBudgetMax !== undefined) out.push(describeFilter('monthlyBudgetMax', q, opts));
  if (s.priceMode === 'monthly' && q.budgetMin !== undefined) out.push(describeFilter('budgetMin', q, opts));
  return out;
}
