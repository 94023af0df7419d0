// The head script's side of a /marketplace page whose first page the server put in the HTML
// (scripts/market-first-page.ts, marketplace-markup.ts): the answer, a JSON data block, becomes the early
// search the app's query engine adopts (data/catalogue/early-search.ts), and the server's grid takes this
// screen's view (the list on a phone) as it is parsed, before it is painted. Head-safe: no car art here.
import type { EarlySearch } from '@/data/catalogue/early-search';
import { initialResultsView, type ResultsView } from '@/features/marketplace/early';

/** The id of the JSON data block holding search_listings' answer. */
export const EARLY_ANSWER_ID = 'early-search-answer';
/** The html element's attribute saying the page holds the answer (read by the head script before the body). */
export const EARLY_ANSWER_ATTR = 'data-early-answer';
/** The server's grid (and the early view's). */
export const EARLY_GRID = '#root section.cat-results > .cat-grid[data-early-view]';

/** The results grid's class for a view (the screen's). */
export const gridClass = (view: ResultsView) => (view === 'list' ? 'cat-grid cat-grid--list' : 'cat-grid');

/** Puts a grid drawn before the app in `view`, with the view toggle's state to match. */
export function applyResultsView(grid: Element, view: ResultsView = initialResultsView()): void {
  const results = grid.closest('section.cat-results');
  for (const button of results?.querySelectorAll('[data-testid^="view-"]') ?? [])
    button.setAttribute('aria-pressed', String(button.getAttribute('data-testid') === `view-${view}`));
  if (grid.getAttribute('data-view') === view) return;
  grid.className = gridClass(view);
  grid.setAttribute('data-view', view);
}

/** The answer in the page, once it is parsed (null when missing or unreadable: the app asks itself). */
function answerInPage(doc: Document): Promise<unknown> {
  return new Promise((resolve) => {
    const read = () => {
      const text = doc.getElementById(EARLY_ANSWER_ID)?.textContent;
      try {
        resolve(text ? (JSON.parse(text) as unknown) : null);
      } catch (e) {
        console.warn('marketplace first page: unreadable answer', e);
        resolve(null);
      }
    };
    if (doc.readyState === 'loading') doc.addEventListener('DOMContentLoaded', read, { once: true });
    else read();
  });
}

/** Sets the server's grid's view the moment the parser has inserted it (a mutation callback runs before paint). */
function viewOnceParsed(doc: Document): void {
  const found = () => {
    const grid = doc.querySelector(EARLY_GRID);
    if (grid) applyResultsView(grid);
    return grid !== null;
  };
  if (found()) return;
  const observer = new MutationObserver(() => {
    if (found()) observer.disconnect();
  });
  observer.observe(doc.documentElement, { childList: true, subtree: true });
  doc.addEventListener('DOMContentLoaded', () => (found(), observer.disconnect()), { once: true });
}

/**
 * On the page the server filled (its own address, no query string), hands its answer to the app as the early
 * search for the page's request body, and keeps the grid in this screen's view. False elsewhere.
 */
export function adoptServerFirstPage(doc: Document = document, loc: Location = window.location): boolean {
  const html = doc.documentElement;
  const body = html.dataset.earlySearch;
  if (!html.hasAttribute(EARLY_ANSWER_ATTR) || !body) return false;
  if (loc.search !== '' || loc.pathname !== html.dataset.prerenderedPath) return false;
  const early: EarlySearch = { body, answer: answerInPage(doc) };
  void early.answer.then((value) => (early.arrived = value));
  window.__motorlyEarlySearch = early;
  viewOnceParsed(doc);
  return true;
}
