// The early-paint path: what runs before React. A visitor's first paint comes from HTML and CSS alone: the
// build prerenders the first screens (prerender/, built by vite-plugins/prerender-home.ts, which stays at the
// top level because vite.config.ts loads it in Node) and bundles the small scripts with esbuild. The head
// script (head-script.ts, /a11y-boot.js) applies what must be right before that paint (each feature's part
// lives in its early.ts), keeps the input that arrives before the app (taps, the install prompt, long tasks),
// and on a shared listing link asks the Data API for the car at once (listing-request.ts); the listing view
// script (listing-view-script.ts, /listing-early-view.js) draws that car's page top from the answer, or from
// the local store on a later visit (local-listing.ts). A first visit to /marketplace likewise asks for the first
// page of results (market-request.ts) and /marketplace-early-view.js draws its cards (marketplace-view.ts); that
// answer's hand-off lives in data/ (catalogue/early-search.ts), whose query engine adopts it.
// Where the app server can (scripts/market-first-page.ts), that first page is in marketplace.html itself: the
// cards as HTML (marketplace-markup.ts, the early view's own markup) and the answer as JSON (server-first-page.ts
// hands it to the app). Only after
// the first paint does it fetch the app (start-app.ts), so the app's code never competes with it; on a phone
// that is over a second sooner.
// This index is the hand-off: what the head scripts leave on window for the app, the one part of this
// folder the app's layers may import (lint zones in eslint.config.js). It imports data/ and nothing above.
export { replayEarlyClicks } from './clicks';
export { earlyListingRow, listingIdOfPath, takeEarlyListing, whenEarlyListingRow } from './listing-answer';
export { earlyListingParts, type EarlyListingParts, type EarlyModelFacts } from './listing-parts';
export { LISTING_WITH_RELATED } from './listing-request';
