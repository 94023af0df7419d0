// @vitest-environment jsdom
// The server's first page must be the same markup the early view draws in the DOM (which marketplace-view.test
// compares with the app's first render), written into marketplace.html safely.
import { describe, expect, it } from 'vitest';
import { listingRow } from '@/data/testing/fixtures';
import { earlySearchBodyOf, injectFirstPage, markupBuilder, scriptJson } from './marketplace-markup';
import { escapeHtml } from '@/shared/lib/escape-html';
import { earlyCount, earlyMarketAnswer, earlyResultsGrid, resultsGrid } from './marketplace-view';

const car = listingRow({ id: '920ee558-b744-5e62-ac34-2863bd074331', title: 'Peugeot 208 <GT> & "co"', price: 15995 });
const photo = { ...listingRow({ id: 'b2', price: 9000 }), photos: ['d1/l1/front.jpg'], status: 'reserved' as const };
const answer = { rows: [car, photo], total: 10_800, total_is_estimate: false, next_cursor: 'n' };

const PAGE = `<!doctype html>
<html lang="en-GB" data-prerendered-path="/marketplace" data-early-search="{&quot;filters&quot;:{},&quot;a&quot;:&quot;&lt;&amp;&quot;}">
<head></head><body><div id="root" data-prerendered="marketplace"><section class="cat-results"><h2 data-testid="result-count"><span data-coverage="loading">Searching…</span></h2><div class="cat-grid"><span class="skeleton" aria-hidden="true" data-pr-style="pr-s7"></span><span class="skeleton" aria-hidden="true"></span></div></section></div>
</body></html>`;

describe('the marketplace first page as HTML', () => {
  it("is the early view's DOM, as text", () => {
    const parsed = earlyMarketAnswer(answer)!;
    const text = resultsGrid(markupBuilder, parsed.rows, 'grid').html;
    const holder = document.createElement('div');
    holder.innerHTML = text;
    expect(holder.firstElementChild!.isEqualNode(earlyResultsGrid(document, parsed.rows, 'grid'))).toBe(true);
    expect(text).toContain('Peugeot 208 &lt;GT&gt; &amp; "co"');
    expect(text).toContain('aria-label="Compare Peugeot 208 &lt;GT&gt; &amp; &quot;co&quot;"');
  });

  it("writes the dealer's town the answer gives in place of the outcode", () => {
    const rows = [car, { ...photo, dealer_id: 'other-dealer', outcode: 'B11' }];
    const html = injectFirstPage(PAGE, { ...answer, rows, towns: { [car.dealer_id]: 'Leeds & <Bradford>' } })!;
    const doc = new DOMParser().parseFromString(html, 'text/html');
    const where = [...doc.querySelectorAll('.cat-card__where')].map((p) => p.textContent);
    expect(where).toEqual(['Leeds & <Bradford>', 'B11']);
  });

  it('goes into the page: cards for the placeholders, the status line, the answer as JSON', () => {
    const html = injectFirstPage(PAGE, answer)!;
    const doc = new DOMParser().parseFromString(html, 'text/html');
    expect(doc.documentElement.hasAttribute('data-early-answer')).toBe(true);
    expect(doc.querySelector('.skeleton')).toBeNull();
    expect(doc.querySelectorAll('section > [data-early-view] [data-testid="listing-card"]')).toHaveLength(2);
    const count = doc.querySelector('[data-testid="result-count"]')!;
    expect(count.innerHTML).toBe(earlyCount(document, earlyMarketAnswer(answer)!).outerHTML);
    expect(JSON.parse(doc.getElementById('early-search-answer')!.textContent!)).toEqual(answer);
  });

  it('keeps the JSON from closing its script element', () => {
    const nasty = { ...answer, rows: [{ ...car, title: '</script><script>alert(1)</script><!--' }] };
    const html = injectFirstPage(PAGE, nasty)!;
    const block = html.slice(html.indexOf('<script type="application/json"'));
    expect(block.match(/<\/script>/g)).toHaveLength(1);
    expect(block).not.toContain('<!--');
    expect(scriptJson('\u2028<')).toBe('"\\u2028\\u003c"');
    const doc = new DOMParser().parseFromString(html, 'text/html');
    expect(JSON.parse(doc.getElementById('early-search-answer')!.textContent!)).toEqual(nasty);
  });

  it('is not made without cards or without the placeholders (the static page is served)', () => {
    expect(injectFirstPage(PAGE, { rows: [] })).toBeNull();
    expect(injectFirstPage(PAGE, { rows: [{ ...car, price: '£1' }] })).toBeNull();
    expect(injectFirstPage(PAGE.replace('class="cat-grid"', 'class="other"'), answer)).toBeNull();
  });

  it("reads the page's request body", () => {
    expect(earlySearchBodyOf(PAGE)).toBe('{"filters":{},"a":"<&"}');
    expect(earlySearchBodyOf('<html lang="en-GB">')).toBeNull();
    // As the build writes it (escapeHtml, vite-plugins/prerender-home.ts): every escaped character reads back.
    const body = `{"q":"Land Rover's <4x4> & \\"more\\""}`;
    expect(earlySearchBodyOf(`<html lang="en-GB" data-early-search="${escapeHtml(body)}">`)).toBe(body);
  });
});
