// Built by the prerender plugin into /marketplace-early-view.js, which marketplace.html loads from its head
// (async). On a first visit to /marketplace the head script has already asked for the first page
// (market-request.ts); once it is in and the HTML parsed, this draws the first cards and the status line over
// the prerendered placeholders (marketplace-view.ts), before the app's code has arrived. The app's first render
// shows the same answer (the query engine adopts it: src/data/catalogue/query/early-page.ts) and replaces it.
// The head script fetches the app's code once this is done.
import { currentEarlySearch } from '@/data/catalogue/early-search';
import { EARLY_VIEW_DONE_EVENT } from './listing-answer';
import { drawEarlyMarketplace } from './marketplace-view';

async function draw(): Promise<void> {
  const early = currentEarlySearch();
  if (!early) return;
  const data = await early.answer;
  if (document.readyState === 'loading')
    await new Promise((resolve) => document.addEventListener('DOMContentLoaded', resolve, { once: true }));
  const root = document.getElementById('root');
  const results = root?.querySelector('main section.cat-results');
  // The app has rendered the page already, or there is nothing to draw: its own render decides.
  if (!root?.dataset.prerendered || !results || !drawEarlyMarketplace(document, results, data)) return;
  document.documentElement.dataset.earlyView = '';
  // On screen before the app's code is asked for (it would take bandwidth and main-thread time from this frame).
  await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}

// Before the app runs there is no error path: the app draws the results anyway, so a failure is a warning.
void draw()
  .catch((e: unknown) => console.warn('marketplace early view: not drawn', e))
  .finally(() => window.dispatchEvent(new Event(EARLY_VIEW_DONE_EVENT)));
