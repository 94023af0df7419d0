// A marketplace search made before the app has taken the page over (Back or Forward, or a navigation the app's
// router would make): on a first visit at 4x CPU the app's code, database and first render take 1-2 s after the
// first cards, and until then the address's search was neither asked for nor drawn. The early view asks for it at
// once (the same request the query engine makes: its body from the one filter schema), hands the answer to the
// engine as the early search (the app's first render adopts it, data/catalogue/early-search.ts) and draws its cards
// over the early ones. Every answer is kept (keepEarlySearch): the app stores them on the device (query/early-page.ts),
// so going back to one is answered there. Once the app owns the page (#root loses
// data-prerendered) it does nothing.
import {
  currentEarlySearch,
  keepEarlySearch,
  keptEarlySearches,
  startEarlySearch,
  type EarlySearch,
} from '@/data/catalogue/early-search';
import { firstPageRequest } from '@/data/catalogue/search-request';
import { afterNextPaint } from '@/shared/lib/after-next-paint';
import { env } from '@/shared/lib/env';
import { noteSearchAsked, noteSearchDone } from '@/shared/lib/search-quiet';
import { drawEarlyPictures } from './early-pictures';
import { drawEarlyMarketplace } from './marketplace-view';

/** The app has rendered over the prerendered page (its first commit removes the marker). */
const appOwnsPage = (doc: Document) => !doc.getElementById('root')?.dataset.prerendered;

/**
 * Follows the address until the app owns the page: each new marketplace search is asked for (a kept answer for the
 * same request is reused), made the early search (currentEarlySearch) and drawn when it arrives, if it is still the
 * early search then. Returns the stop.
 */
export function followSearchesBeforeApp(
  doc: Document = document,
  win: Window & typeof globalThis = window,
  ask: (body: string) => EarlySearch = (body) => startEarlySearch(env.earlyApiUrl, env.supabaseAnonKey, body),
): () => void {
  const first = currentEarlySearch();
  if (first) {
    // The head script's (or the server's) answer is the marketplace's own page, with no query string.
    first.query ??= '';
    keepEarlySearch(first);
  }

  const onAddress = () => {
    if (appOwnsPage(doc)) return stop();
    const path = doc.documentElement.dataset.prerenderedPath;
    if (win.location.pathname !== path) return;
    const { search, body } = firstPageRequest(win.location.search);
    // One the app has already taken is its own now: ask again, so it can adopt this one too.
    let early = keptEarlySearches().find((e) => e.body === body && !e.taken);
    if (!early) {
      early = ask(body);
      early.query = win.location.search;
      keepEarlySearch(early);
    }
    const shown = early;
    win.__motorlyEarlySearch = shown;
    noteSearchAsked();
    void shown.answer.then((data) => {
      if (currentEarlySearch() !== shown || appOwnsPage(doc)) return;
      const results = doc.querySelector('#root main section.cat-results');
      const drawn = results ? drawEarlyMarketplace(doc, results, data) : null;
      // Drawn or not (no answer: the app's screen will draw it), the early view is done with this search.
      noteSearchDone();
      if (!drawn || !results) return;
      showSort(results, search.sort);
      doc.documentElement.dataset.earlyView = '';
      // The pictures once the cards are on screen, as on the first visit: finding which are near the viewport
      // right away laid out the new cards in the task that built them (a 100 ms task at 4x CPU, the search's
      // frame after it).
      afterNextPaint(() => drawn.grid.isConnected && void drawEarlyPictures(doc, drawn.grid, drawn.rows));
    });
  };
  const stop = () => win.removeEventListener('popstate', onAddress);
  win.addEventListener('popstate', onAddress);
  return stop;
}

/**
 * The sort control says the drawn search's order: the prerendered page's says "Relevance" (the app's screen
 * renders the same value: none for relevance). A sort it does not offer (distance without a postcode) is left.
 */
function showSort(results: Element, sort: string): void {
  const select = results.querySelector<HTMLSelectElement>('select[data-testid="sort"]');
  if (!select) return;
  const value = sort === 'relevance' ? '' : sort;
  if ([...select.options].some((o) => o.value === value)) select.value = value;
}
