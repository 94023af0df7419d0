// Public surface of the catalogue queries (screens import from '@/data/catalogue').
export * from './types';
export * from './listing-costs';
export { emptyListingSearch, LISTING_SORTS, type ListingSearch, type ListingSort } from './filters';
export { colourKey } from './colour-key';
export * from './use-catalogue';
export * from './car-facts';
export * from './ai-search';
export * from './assistant-data';
export { useCatalogueLookup, type CatalogueLookup } from './use-catalogue-lookup';
export { useComparableListings } from './use-comparable-listings';
export { priceWhenSaved, useSavedPrices } from './saved-prices';
export { useBrandListingCounts, useStockCounts } from './use-brand-counts';
export type { AnswerSource, SourcedAnswer } from './use-server-first';
export { useSearchTotal, type SearchTotal } from './search-total';
export type { StockCounts } from './server-reads';
export { useListingIndicators } from './use-listing-indicators';
