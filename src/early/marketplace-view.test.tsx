// @vitest-environment jsdom
// The marketplace's first cards drawn before the app runs must be the DOM the app's first render puts in their
// place (ListingCard in the results, nothing looked up yet), with the status line it shows for the same answer:
// any difference would blink or shift when the app takes over.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { parseSearchParams } from '@/data/catalogue/filters';
import { startEarlySearch } from '@/data/catalogue/early-search';
import { earlyQueryState, searchBody } from '@/data/catalogue/query';
import { listingRow } from '@/data/testing/fixtures';
import type { ListingRow } from '@/data/catalogue';
import { carArtInlineSvg, galleryShots } from '@/entities/car/components/car-art';
import { ListingCard } from '@/entities/car/components/listing-card';
import { coverageStatus } from '@/features/marketplace/early';
import { SpaLinks } from '@/shared/ui';
import { drawEarlyPictures } from './early-pictures';
import { drawEarlyMarketplace, earlyCount, earlyListingCard, earlyMarketAnswer } from './marketplace-view';

const car = listingRow({
  id: '920ee558-b744-5e62-ac34-2863bd074331',
  title: '2023 Peugeot 208 1.2 PureTech 100 GT',
  price: 15995,
  year: 2023,
  mileage: 12345,
  colour: 'Vertigo Blue',
  image_seed: 7,
  outcode: 'LS6',
});

/** A comparable copy: the drawing's markup out (the app queues its own into the same box), text merged. */
function comparable(node: Element): Element {
  const copy = node.cloneNode(true) as Element;
  copy.querySelectorAll('span.cat-img').forEach((box) => box.replaceChildren());
  copy.normalize();
  return copy;
}

function appCard(row: ListingRow, town?: string): Element {
  const { container } = render(
    <MemoryRouter>
      <SpaLinks>
        <ListingCard listing={row} town={town} />
      </SpaLinks>
    </MemoryRouter>,
  );
  return container.querySelector('article')!;
}

describe('marketplace early view', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("is the DOM of the results' first render of the same row (ListingCard, nothing looked up yet)", async () => {
    const early = earlyListingCard(document, car);
    expect(comparable(early).isEqualNode(comparable(appCard(car)))).toBe(true);
    const shot = galleryShots(car.image_seed)[0];
    // Then the drawing the app's card draws into its box, filled in after the cards are on screen.
    const grid = document.createElement('div');
    grid.append(early);
    document.body.append(grid);
    await drawEarlyPictures(document, grid, [car]);
    const drawn = document.createElement('span');
    drawn.innerHTML = carArtInlineSvg({
      bodyStyle: car.body_style,
      colour: car.colour,
      view: shot.view,
      backdrop: shot.backdrop,
    });
    expect(early.querySelector('span.cat-img')?.innerHTML).toBe(drawn.innerHTML);
    expect(document.getElementById('car-art-defs')).not.toBeNull();
    expect(early.dataset.testid).toBe('listing-card');
    expect(early.querySelector('.cat-price')?.textContent).toMatch(/^£15,995 or £\d+\/mo\*$/);
  });

  it("matches a reserved car's and a dealer photo's card too", () => {
    const reserved = { ...car, status: 'reserved' as const };
    expect(comparable(earlyListingCard(document, reserved)).isEqualNode(comparable(appCard(reserved)))).toBe(true);
    cleanup();
    const photo = { ...car, photos: ['d1/l1/front.jpg'] };
    const early = earlyListingCard(document, photo);
    expect(early.querySelector('img')?.getAttribute('srcset')).toContain('width=320');
    expect(comparable(early).isEqualNode(comparable(appCard(photo)))).toBe(true);
  });

  it('says what the app says for the same first page', async () => {
    const search = parseSearchParams('');
    const rows = Array.from({ length: search.pageSize }, (_, i) => ({ ...car, id: `car-${i}`, distance_miles: null }));
    const raw = { rows, total: 10_800, total_is_estimate: false, next_cursor: 'n', facets: null };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify(raw), { status: 200 })),
    );
    await startEarlySearch('http://api', 'anon', searchBody(search, null, search.pageSize)).answer;
    const app = earlyQueryState(search)!;
    const count = earlyCount(document, earlyMarketAnswer(raw)!);
    expect(count.textContent).toBe(coverageStatus(app));
    expect(count.textContent).toBe(`${search.pageSize} of 10,800 shown`);
    expect(count.dataset).toMatchObject({ coverage: 'partial', total: '10800' });
    const all = earlyCount(document, earlyMarketAnswer({ ...raw, total: 3, next_cursor: null })!);
    expect(all.textContent).toBe('3 cars found');
  });

  it('draws over the placeholders and the view toggle, or nothing when a row lacks what its card shows', () => {
    document.body.innerHTML = `<section class="cat-results"><h2 data-testid="result-count"><span>Searching…</span></h2>
      <button data-testid="view-list" aria-pressed="false"></button><button data-testid="view-grid" aria-pressed="true"></button>
      <div class="cat-grid"><span class="skeleton"></span></div></section>`;
    const results = document.querySelector('section')!;
    expect(drawEarlyMarketplace(document, results, { rows: [{ ...car, price: '£1' }], next_cursor: null })).toBeNull();
    expect(drawEarlyMarketplace(document, results, { rows: [] })).toBeNull();
    expect(results.querySelector('.skeleton')).not.toBeNull();
    window.matchMedia = (q: string) => ({ matches: q.includes('max-width') }) as MediaQueryList;
    expect(drawEarlyMarketplace(document, results, { rows: [car], total: 1, next_cursor: null })?.rows).toHaveLength(1);
    expect(results.querySelector('.skeleton')).toBeNull();
    const grid = results.querySelector<HTMLElement>('[data-testid="listing-results"]')!;
    expect(grid.dataset).toMatchObject({ view: 'list', earlyView: '' });
    expect(grid.className).toBe('cat-grid cat-grid--list');
    expect(results.querySelectorAll('[data-testid="listing-card"]')).toHaveLength(1);
    expect(results.querySelector('h2')?.textContent).toBe('1 car found');
    expect(results.querySelector('[data-testid="view-list"]')?.getAttribute('aria-pressed')).toBe('true');
  });

  it("shows the dealer's town the answer gives, as the app's first render does, else the outcode", async () => {
    const search = parseSearchParams('');
    const other = { ...car, id: 'car-2', dealer_id: 'dealer-2', outcode: 'B11' };
    const raw = {
      rows: [car, other].map((r) => ({ ...r, distance_miles: null })),
      total: 2,
      next_cursor: null,
      towns: { [car.dealer_id]: 'Leeds', 'dealer-elsewhere': 'York' },
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify(raw), { status: 200 })),
    );
    await startEarlySearch('http://api', 'anon', searchBody(search, null, search.pageSize)).answer;
    const app = earlyQueryState(search)!;
    expect(app.dealerTowns).toEqual({ [car.dealer_id]: 'Leeds' });
    expect(earlyMarketAnswer(raw)?.towns).toEqual({ [car.dealer_id]: 'Leeds' });
    document.body.innerHTML = `<section class="cat-results"><h2 data-testid="result-count"><span>Searching…</span></h2>
      <div class="cat-grid"><span class="skeleton"></span></div></section>`;
    const drawn = drawEarlyMarketplace(document, document.querySelector('section')!, raw)!;
    const [first, second] = [...drawn.grid.querySelectorAll('article')];
    expect(first.querySelector('.cat-card__where')?.textContent).toBe('Leeds');
    expect(second.querySelector('.cat-card__where')?.textContent).toBe('B11');
    expect(comparable(first).isEqualNode(comparable(appCard(car, app.dealerTowns[car.dealer_id])))).toBe(true);
    // An answer without towns (an older one) draws the outcode, as before.
    expect(earlyMarketAnswer({ ...raw, towns: undefined })?.towns).toEqual({});
    expect(earlyMarketAnswer({ ...raw, towns: ['Leeds'] })?.towns).toEqual({});
  });
});
