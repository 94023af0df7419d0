// From an AI search to the marketplace: the same listing searches the AI results ran, written by the one
// filter schema (@/data/catalogue/filters), so the marketplace opens on exactly these filters.
import { toSearchParams, type ListingSearch } from '@/data/catalogue/filters';
import { PAGE_SIZE_DEFAULT } from '@/entities/car';
import { describeFilter } from '@/domain/ai/rank';
import type { ParsedQuery } from '@/domain/ai/query-types';
import { href } from '@/shared/lib/routes';

/** The marketplace query string of one listing search (page 1, the marketplace's default page size). */
export function marketplaceQuery(s: ListingSearch): URLSearchParams {
  return toSearchParams({ ...s, page: 1, pageSize: PAGE_SIZE_DEFAULT });
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
