// A marketplace search's first page asked for as the navigation to it begins (src/app/search-ahead.ts), before
// the screen renders: the screen's filters, from the same query string.
import { askListingAhead } from '@/data/catalogue/query';
import { noteForegroundSearch } from '@/sync/foreground-notice';
import { parseMarketFilters } from './market-filters';

export function marketSearchAhead(query: string): void {
  askListingAhead(parseMarketFilters(query));
  // The catalogue download waits while the shopper searches (src/sync/foreground.ts).
  noteForegroundSearch();
}
