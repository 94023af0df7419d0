// /ai-search: a plain-English car search ranked on the device, with links into the marketplace's filters.
export { AiSearchScreen } from './ai-search-screen';
export { marketplaceHref, marketplaceQuery, notCarried } from './marketplace-link';
