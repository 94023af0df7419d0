// @vitest-environment jsdom
// The head script's side of the server's first page: its answer becomes the early search the app adopts, only on
// the page's own address, and the grid takes the phone's list view.
import { afterEach, describe, expect, it } from 'vitest';
import { currentEarlySearch } from '@/data/catalogue/early-search';
import { adoptServerFirstPage, applyResultsView } from './server-first-page';

const BODY = '{"filters":{},"page_size":20}';

function page(withAnswer: boolean, json = '{"rows":[],"total":3}'): void {
  const html = document.documentElement;
  html.dataset.prerenderedPath = '/marketplace';
  html.dataset.earlySearch = BODY;
  html.toggleAttribute('data-early-answer', withAnswer);
  document.body.innerHTML = `<div id="root" data-prerendered><section class="cat-results">
    <button data-testid="view-list" aria-pressed="false"></button><button data-testid="view-grid" aria-pressed="true"></button>
    <div class="cat-grid" data-view="grid" data-early-view></div></section></div>
    <script type="application/json" id="early-search-answer">${json}</script>`;
}

const at = (pathAndQuery: string) => new URL(pathAndQuery, 'http://x') as unknown as Location;

describe("the server's first page in the head script", () => {
  afterEach(() => {
    window.__motorlyEarlySearch = null;
  });

  it("hands the page's answer to the app as the early search for the page's body", async () => {
    page(true);
    expect(adoptServerFirstPage(document, at('/marketplace'))).toBe(true);
    const early = currentEarlySearch()!;
    expect(early.body).toBe(BODY);
    expect(await early.answer).toEqual({ rows: [], total: 3 });
    expect(early.arrived).toEqual({ rows: [], total: 3 });
  });

  it('does nothing on a page without an answer, or at another address', () => {
    page(false);
    expect(adoptServerFirstPage(document, at('/marketplace'))).toBe(false);
    page(true);
    expect(adoptServerFirstPage(document, at('/marketplace?fuel=diesel'))).toBe(false);
    expect(adoptServerFirstPage(document, at('/'))).toBe(false);
    expect(currentEarlySearch()).toBeNull();
  });

  it('gives the app no answer when the JSON is unreadable (the app asks itself)', async () => {
    page(true, '{not json');
    expect(adoptServerFirstPage(document, at('/marketplace'))).toBe(true);
    expect(await currentEarlySearch()!.answer).toBeNull();
  });

  it("puts the server's grid in the phone's list view, with the toggle's state", () => {
    page(true);
    const grid = document.querySelector('.cat-grid')!;
    applyResultsView(grid, 'list');
    expect(grid.className).toBe('cat-grid cat-grid--list');
    expect(grid.getAttribute('data-view')).toBe('list');
    expect(document.querySelector('[data-testid="view-list"]')!.getAttribute('aria-pressed')).toBe('true');
    expect(document.querySelector('[data-testid="view-grid"]')!.getAttribute('aria-pressed')).toBe('false');
  });
});
