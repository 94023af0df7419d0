// /marketplace: used and nearly-new listings with URL-backed filters, distance and finance search.
export { MarketplaceScreen } from './components/marketplace-screen';
export { marketSearchAhead } from './search-ahead';
