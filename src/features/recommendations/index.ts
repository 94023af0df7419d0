// /recommended: the signed-in user's recommended models, with links to their listings in the marketplace.
export { RecommendedScreen } from './recommended-screen';
export { modelMarketplaceHref } from './model-links';
