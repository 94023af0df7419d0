// The marketplace's first cards drawn before the app runs: the head script's early answer (search_listings'
// first page of the default search, market-request.ts) drawn in plain DOM over the prerendered page's result
// placeholders, with the status line the app shows for the same answer. The cards are the DOM of ListingCard as
// the screen first renders it on a first visit (no model or brand lookup yet, no price indicator or reduction
// yet, the dealer's town from the answer; marketplace-view.test.tsx compares them), so the app's first commit
// puts the same cards in the same place. It reaches into plain modules only (car-art, formats, the
// marketplace's early.ts): this script is bundled alone.
import { representativeMonthly } from '@/data/catalogue/listing-costs';
import { dealerTownsOf } from '@/data/catalogue/dealer-towns';
import type { ListingRow } from '@/data/catalogue/types';
import { PHOTO_WIDTHS, photoUrl } from '@/data/listing-photos/photo-files';
import { fuelLabel, GEARBOX_LABELS, type BodyStyle, type FuelType, type Gearbox } from '@/domain/uk/body';
import { ILLUSTRATION_TAG, carArtInlineSvg, galleryShots } from '@/entities/car/components/car-art';
import { coverageStatus, initialResultsView, sheetTotal, type ResultsView } from '@/features/marketplace/early';
import { formatGBP, formatMiles } from '@/shared/lib/format';
import { href } from '@/shared/lib/routes';
import { gridClass } from './server-first-page';

/** What a card shows of a listing row. */
export interface EarlyCardRow {
  id: string;
  title: string;
  price: number;
  year: number;
  mileage: number;
  fuel_type: FuelType;
  gearbox: Gearbox;
  body_style: BodyStyle;
  colour: string;
  image_seed: number;
  outcode: string;
  dealer_id?: string;
  status: string;
  photos?: string[] | null;
}

/** The first page as the early view draws it, or null when the answer lacks what the cards show. */
export interface EarlyMarketAnswer {
  rows: EarlyCardRow[];
  total: number | null;
  estimated: boolean;
  nextCursor: string | null;
  /** The town of each row's dealer, by dealer id, as the answer gives it (older answers have none). */
  towns: Record<string, string>;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const strings = ['id', 'title', 'fuel_type', 'body_style', 'colour', 'outcode', 'status'] as const;
const numbers = ['price', 'year', 'mileage', 'image_seed'] as const;

function cardRow(row: unknown): EarlyCardRow | null {
  if (!isObject(row)) return null;
  if (!strings.every((k) => typeof row[k] === 'string') || !numbers.every((k) => typeof row[k] === 'number'))
    return null;
  if (row.gearbox !== 'manual' && row.gearbox !== 'automatic') return null;
  if (row.photos != null && !(Array.isArray(row.photos) && row.photos.every((p) => typeof p === 'string'))) return null;
  return row as unknown as EarlyCardRow;
}

/** search_listings' JSON answer read for the early view (null when any row lacks what its card shows). */
export function earlyMarketAnswer(data: unknown): EarlyMarketAnswer | null {
  if (!isObject(data) || !Array.isArray(data.rows) || data.rows.length === 0) return null;
  const rows = data.rows.map(cardRow);
  if (rows.some((r) => r === null)) return null;
  return {
    rows: rows as EarlyCardRow[],
    towns: dealerTownsOf(data.towns, rows as EarlyCardRow[]),
    total: typeof data.total === 'number' ? data.total : null,
    estimated: data.total_is_estimate === true,
    nextCursor: typeof data.next_cursor === 'string' ? data.next_cursor : null,
  };
}

type Child<T> = T | string | null | false;

/** Makes elements: the page's DOM (domBuilder) or HTML text on the server (markupBuilder, marketplace-markup.ts). */
export interface Builder<T> {
  el(tag: string, attrs: Record<string, string>, ...children: Child<T>[]): T;
}

/** Elements of `doc`. */
export function domBuilder(doc: Document): Builder<HTMLElement> {
  return {
    el(tag, attrs, ...children) {
      const node = doc.createElement(tag);
      for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
      for (const child of children) if (child !== null && child !== false) node.append(child);
      return node;
    },
  };
}

/** A card's link inside the results (SpaLinks' CardLink: the router handles its clicks). */
const cardLink = <T>(b: Builder<T>, id: string, attrs: Record<string, string>, ...children: Child<T>[]) =>
  b.el('a', { href: href.listing(id), 'data-spa-link': '', ...attrs }, ...children);

/** CarImage's photo sizes for a card (a column of the results grid). */
const PHOTO_SIZES = '(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw';

/**
 * The card's picture: the dealer's photo, else the drawing's box, empty as in the app's first render (its
 * drawing is queued; drawEarlyPictures fills the early view's boxes after the cards are on screen).
 */
function picture<T>(b: Builder<T>, l: EarlyCardRow): T[] {
  const photo = l.photos?.[0];
  if (photo)
    return [
      b.el('img', {
        class: 'cat-img',
        src: photoUrl(photo, 640),
        srcset: PHOTO_WIDTHS.map((w) => `${photoUrl(photo, w)} ${w}w`).join(', '),
        sizes: PHOTO_SIZES,
        alt: '',
        width: '400',
        height: '240',
        loading: 'lazy',
        decoding: 'async',
        crossorigin: 'anonymous',
        'data-photo': photo,
      }),
    ];
  return [
    b.el('span', { class: 'cat-img', 'aria-hidden': 'true' }),
    b.el('span', { class: 'car-art-tag', 'aria-hidden': 'true' }, ILLUSTRATION_TAG),
  ];
}

/** One result card: ListingCard's DOM for a row with nothing looked up yet but its dealer's town (else the outcode). */
export function listingCard<T>(b: Builder<T>, l: EarlyCardRow, town?: string): T {
  const reserved = l.status === 'reserved';
  return b.el(
    'article',
    { class: 'cat-card cat-listing', 'data-testid': 'listing-card', 'data-listing-id': l.id },
    cardLink(
      b,
      l.id,
      { class: 'cat-card__media', tabindex: '-1', 'aria-hidden': 'true' },
      ...picture(b, l),
      reserved && b.el('span', { class: 'cat-ribbon' }, 'Reserved'),
    ),
    b.el(
      'div',
      { class: 'cat-card__body' },
      b.el(
        'h3',
        { class: 'cat-card__title', 'data-essential': '' },
        cardLink(b, l.id, {}, l.title, reserved && b.el('span', { class: 'sr-only' }, ' (reserved)')),
      ),
      b.el(
        'p',
        { class: 'cat-price', 'data-essential': '' },
        b.el('strong', {}, formatGBP(l.price)),
        b.el('span', { class: 'cat-muted' }, ` or ${formatGBP(representativeMonthly(l.price))}/mo*`),
      ),
      b.el(
        'ul',
        { class: 'cat-facts', 'aria-label': 'Key facts', 'data-essential': '' },
        b.el('li', {}, String(l.year)),
        b.el('li', {}, formatMiles(l.mileage)),
        b.el('li', {}, fuelLabel(l.fuel_type)),
        b.el('li', {}, GEARBOX_LABELS[l.gearbox]),
      ),
      b.el('div', { class: 'cat-card__tags' }),
      b.el('p', { class: 'cat-muted cat-card__where', 'data-essential': '' }, town ?? l.outcode),
      b.el(
        'div',
        { class: 'cat-card__actions' },
        b.el(
          'button',
          {
            type: 'button',
            class: 'btn btn--sm',
            'aria-pressed': 'false',
            'data-testid': 'compare-toggle',
            'aria-label': `Compare ${l.title}`,
          },
          b.el('span', { 'aria-hidden': 'true' }, '⇄'),
          'Compare',
        ),
      ),
    ),
  );
}

/** One result card in the page's DOM. */
export const earlyListingCard = (doc: Document, l: EarlyCardRow, town?: string): HTMLElement =>
  listingCard(domBuilder(doc), l, town);

const townOf = (towns: Record<string, string>, l: EarlyCardRow) =>
  l.dealer_id !== undefined && Object.hasOwn(towns, l.dealer_id) ? towns[l.dealer_id] : undefined;

/** The results grid (VirtualGrid's plain list, as the screen renders a first page), marked data-early-view. */
export function resultsGrid<T>(
  b: Builder<T>,
  rows: EarlyCardRow[],
  view: ResultsView,
  towns: Record<string, string> = {},
): T {
  const attrs = { class: gridClass(view), 'data-testid': 'listing-results', 'data-view': view, 'data-early-view': '' };
  return b.el('div', attrs, ...rows.map((row) => listingCard(b, row, townOf(towns, row))));
}

export const earlyResultsGrid = (
  doc: Document,
  rows: EarlyCardRow[],
  view: ResultsView,
  towns: Record<string, string> = {},
): HTMLElement => resultsGrid(domBuilder(doc), rows, view, towns);

/** The status line's content (the count heading's span), as the screen shows it for this answer. */
export function countLine<T>(b: Builder<T>, answer: EarlyMarketAnswer): T {
  const q = {
    coverage: answer.nextCursor === null ? ('complete' as const) : ('partial' as const),
    // The status line reads only how many rows there are.
    rows: answer.rows as unknown as ListingRow[],
    total: answer.total,
    estimated: answer.estimated,
    heldMatches: 0,
    marketTotal: null,
  };
  const total = sheetTotal(q);
  return b.el(
    'span',
    { 'data-coverage': q.coverage, ...(total === undefined ? {} : { 'data-total': String(total) }) },
    coverageStatus(q),
  );
}

export const earlyCount = (doc: Document, answer: EarlyMarketAnswer): HTMLElement => countLine(domBuilder(doc), answer);

/** A card's drawing, as the app's card draws it with nothing looked up (CarImage's inline picture). */
export function cardDrawing(l: EarlyCardRow): string {
  const shot = galleryShots(l.image_seed)[0];
  return carArtInlineSvg({ bodyStyle: l.body_style, colour: l.colour, view: shot.view, backdrop: shot.backdrop });
}

/**
 * Draws the answer over the prerendered results (`results`: its section.cat-results): the status line, the
 * view toggle's state and the cards in place of the placeholders. Null when there is nothing to draw.
 */
export function drawEarlyMarketplace(
  doc: Document,
  results: Element,
  data: unknown,
): { grid: HTMLElement; rows: EarlyCardRow[] } | null {
  const answer = earlyMarketAnswer(data);
  const placeholders = results.querySelector(':scope > .cat-grid');
  const count = results.querySelector('[data-testid="result-count"]');
  if (!answer || !placeholders || !count) return null;
  const view = initialResultsView();
  for (const button of results.querySelectorAll('[data-testid^="view-"]'))
    button.setAttribute('aria-pressed', String(button.getAttribute('data-testid') === `view-${view}`));
  count.replaceChildren(earlyCount(doc, answer));
  const grid = earlyResultsGrid(doc, answer.rows, view, answer.towns);
  placeholders.replaceWith(grid);
  return { grid, rows: answer.rows };
}
