// @vitest-environment jsdom
// A search made before the app has taken the page over is asked for with the request the query engine would make
// (so the app adopts the answer instead of asking again), and drawn over the early cards if it is still the
// address's search when it arrives; an answer overtaken by a later search is not drawn, and once the app owns the
// page nothing happens.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EarlySearch } from '@/data/catalogue/early-search';
import { parseSearchParams } from '@/data/catalogue/filters';
import { earlyQueryState, searchBody } from '@/data/catalogue/query';
import { afterNextPaint } from '@/shared/lib/after-next-paint';
import { listingRow } from '@/data/testing/fixtures';
import { followSearchesBeforeApp } from './searches-before-app';

const row = (id: string, title: string) => ({ ...listingRow({ id, title, image_seed: 3 }), distance_miles: null });
const answerOf = (...titles: string[]) => ({
  rows: titles.map((t, i) => row(`id-${t}-${i}`, t)),
  total: titles.length,
  total_is_estimate: false,
  next_cursor: null,
  facets: null,
});

/** The engine's own request body for an address's first page. */
const bodyOf = (query: string) => {
  const search = parseSearchParams(query);
  return searchBody(search, null, search.pageSize);
};

/** Requests the follower made, each answered by hand. */
function asker() {
  const made: { body: string; answer: (data: unknown) => void }[] = [];
  const ask = (body: string): EarlySearch => {
    let answer: (data: unknown) => void = () => {};
    const early: EarlySearch = { body, answer: new Promise((resolve) => (answer = resolve)) };
    void early.answer.then((data) => (early.arrived = data));
    made.push({ body, answer });
    window.__motorlyEarlySearch = early;
    return early;
  };
  return { made, ask };
}

const go = (query: string) => {
  history.pushState({}, '', `/marketplace${query ? `?${query}` : ''}`);
  window.dispatchEvent(new PopStateEvent('popstate'));
};
const titles = () => [...document.querySelectorAll('[data-testid="listing-card"] h3')].map((h) => h.textContent);
/** The app's start-up work waits (shared/lib/search-quiet.ts). */
const searchInFlight = (): boolean => window.__motorlySearchQuiet?.busy ?? false;
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('searches before the app', () => {
  let stop: (() => void) | null = null;
  beforeEach(() => {
    document.documentElement.dataset.prerenderedPath = '/marketplace';
    document.body.innerHTML = `<div id="root" data-prerendered="marketplace"><main><section class="cat-results">
      <h2 data-testid="result-count"><span>Searching…</span></h2>
      <select data-testid="sort"><option value="">Relevance</option><option value="price-asc">Price (lowest first)</option></select>
      <div class="cat-grid"><span class="skeleton"></span></div>
      </section></main></div>`;
    history.replaceState({}, '', '/marketplace');
    window.__motorlyEarlySearch = null;
    window.__motorlyEarlySearches = [];
  });
  afterEach(() => {
    stop?.();
    stop = null;
    delete document.documentElement.dataset.earlyView;
  });

  it("holds the app's start-up work while a search is on its way, not once it is drawn", async () => {
    delete window.__motorlySearchQuiet;
    const { made, ask } = asker();
    stop = followSearchesBeforeApp(document, window, ask);
    go('make=abarth');
    expect(searchInFlight()).toBe(true);
    made[0].answer(answerOf('Abarth 595'));
    await settle();
    expect(titles()).toEqual(['Abarth 595']);
    expect(searchInFlight()).toBe(false);
  });

  it("asks for the address's new search with the engine's own request, and draws its answer", async () => {
    const { made, ask } = asker();
    stop = followSearchesBeforeApp(document, window, ask);
    go('make=abarth&sort=price-asc');
    expect(made.map((m) => m.body)).toEqual([bodyOf('make=abarth&sort=price-asc')]);
    made[0].answer(answerOf('Abarth 595', 'Abarth 500e'));
    await settle();
    expect(titles()).toEqual(['Abarth 595', 'Abarth 500e']);
    expect(document.querySelector('[data-testid="result-count"]')?.textContent).toBe('2 cars found');
    expect(document.documentElement.dataset.earlyView).toBe('');
    // The sort control says the order drawn (the prerendered page's said Relevance).
    expect(document.querySelector<HTMLSelectElement>('[data-testid="sort"]')?.value).toBe('price-asc');
    // The app's first render of that address adopts this answer (no request of its own).
    const adopted = earlyQueryState(parseSearchParams('make=abarth&sort=price-asc'))?.rows.map((r) => r.title);
    expect(adopted?.sort()).toEqual(['Abarth 500e', 'Abarth 595']);
  });

  it('draws the pictures once the cards are on screen, not in the task that built the cards', async () => {
    const { made, ask } = asker();
    stop = followSearchesBeforeApp(document, window, ask);
    go('make=abarth');
    made[0].answer(answerOf('Abarth 595', 'Abarth 500e'));
    await settle();
    const boxes = () => [...document.querySelectorAll('[data-testid="listing-card"] span.cat-img')];
    expect(titles()).toEqual(['Abarth 595', 'Abarth 500e']);
    expect(boxes().map((b) => b.childElementCount)).toEqual([0, 0]);
    await new Promise<void>((resolve) => afterNextPaint(resolve));
    await vi.waitFor(() => expect(boxes().every((b) => b.childElementCount > 0)).toBe(true));
  });

  it('draws only the latest search: an answer it overtook is not drawn', async () => {
    const { made, ask } = asker();
    stop = followSearchesBeforeApp(document, window, ask);
    go('make=abarth');
    go('fuel=electric');
    made[1].answer(answerOf('Nissan Leaf'));
    await settle();
    made[0].answer(answerOf('Abarth 595'));
    await settle();
    expect(titles()).toEqual(['Nissan Leaf']);
    expect(window.__motorlyEarlySearch?.body).toBe(bodyOf('fuel=electric'));
  });

  it('reuses the answer of a search asked before (Back to the first page asks nothing again)', async () => {
    const { made, ask } = asker();
    const first = ask(bodyOf(''));
    made[0].answer(answerOf('Ford Puma'));
    stop = followSearchesBeforeApp(document, window, ask);
    go('make=abarth&sort=price-asc');
    made[1].answer(answerOf('Abarth 595'));
    await settle();
    const sort = () => document.querySelector<HTMLSelectElement>('[data-testid="sort"]')?.value;
    expect(sort()).toBe('price-asc');
    go('');
    await settle();
    expect(made).toHaveLength(2);
    expect(window.__motorlyEarlySearch).toBe(first);
    expect(titles()).toEqual(['Ford Puma']);
    expect(sort()).toBe('');
  });

  it('does nothing once the app owns the page, nor for another address', async () => {
    const { made, ask } = asker();
    stop = followSearchesBeforeApp(document, window, ask);
    history.pushState({}, '', '/browse?make=abarth');
    window.dispatchEvent(new PopStateEvent('popstate'));
    expect(made).toHaveLength(0);
    go('make=abarth');
    delete document.getElementById('root')!.dataset.prerendered;
    made[0].answer(answerOf('Abarth 595'));
    await settle();
    expect(titles()).toEqual([]);
    go('fuel=electric');
    expect(made).toHaveLength(1);
  });

  it('leaves the cards as they are when the answer cannot be drawn (a failed request, no rows)', async () => {
    const { made, ask } = asker();
    stop = followSearchesBeforeApp(document, window, ask);
    go('make=abarth');
    made[0].answer(answerOf('Abarth 595'));
    await settle();
    go('make=abarth&year_min=2030');
    made[1].answer(answerOf());
    go('make=abarth&fuel=diesel');
    made[2].answer(null);
    await settle();
    expect(titles()).toEqual(['Abarth 595']);
  });
});
