// Built by the prerender plugin into /marketplace-early-view.js, which the head script adds (async) once
// marketplace.html has painted, having just asked for the first page (market-request.ts) on a first visit to
// /marketplace; once that is in and the HTML parsed, this draws the first cards and the status line over
// the prerendered placeholders (marketplace-view.ts), before the app's code has arrived. The app's first render
// shows the same answer (the query engine adopts it: src/data/catalogue/query/early-page.ts) and replaces it.
// The head script fetches the app's code once this is done. When the server put the cards in the page, this
// only draws their pictures. A search made before the app has taken over is asked for and drawn too
// (searches-before-app.ts).
import { currentEarlySearch } from '@/data/catalogue/early-search';
import { EARLY_VIEW_DONE_EVENT } from './listing-answer';
import { drawEarlyPictures } from './early-pictures';
import { drawEarlyMarketplace, earlyMarketAnswer } from './marketplace-view';
import { followSearchesBeforeApp } from './searches-before-app';
import { EARLY_GRID } from './server-first-page';

followSearchesBeforeApp();

/** Draws the cards; resolves once they are on screen, with the drawing of their pictures to follow. */
async function draw(): Promise<(() => Promise<void>) | null> {
  const early = currentEarlySearch();
  if (!early) return null;
  const data = await early.answer;
  if (document.readyState === 'loading')
    await new Promise((resolve) => document.addEventListener('DOMContentLoaded', resolve, { once: true }));
  // The address asks for another search now: its own answer is drawn when it comes, not this one.
  if (currentEarlySearch() !== early) return null;
  const root = document.getElementById('root');
  // The server drew the cards (scripts/market-first-page.ts): only their pictures are left.
  const served = root?.dataset.prerendered ? document.querySelector(EARLY_GRID) : null;
  const answer = served ? earlyMarketAnswer(data) : null;
  if (served && answer) {
    document.documentElement.dataset.earlyView = '';
    return () => drawEarlyPictures(document, served, answer.rows);
  }
  const results = root?.querySelector('main section.cat-results');
  // The app has rendered the page already, or there is nothing to draw: its own render decides.
  const drawn = root?.dataset.prerendered && results ? drawEarlyMarketplace(document, results, data) : null;
  if (!drawn) return null;
  document.documentElement.dataset.earlyView = '';
  // On screen before the app's code is asked for (it would take bandwidth and main-thread time from this frame).
  await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
  return () => drawEarlyPictures(document, drawn.grid, drawn.rows);
}

// Before the app runs there is no error path: the app draws the results anyway, so a failure is a warning.
const warn = (e: unknown) => console.warn('marketplace early view: not drawn', e);
void draw()
  .catch((e: unknown) => (warn(e), null))
  .then((pictures) => {
    window.dispatchEvent(new Event(EARLY_VIEW_DONE_EVENT));
    // The pictures while the app's code downloads (the app replaces them with its own).
    return pictures?.();
  })
  .catch(warn);
