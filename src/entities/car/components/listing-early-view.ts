// A shared listing link's first screen drawn before the app runs: the head script's early answer
// (src/shared/lib/early-listing.ts) has the car, its brand and model, so /listing-early-view.js (built from
// src/entities/car/early-view-boot.ts) draws the breadcrumb, heading and main picture in plain DOM, the same
// DOM as ListingLayout with no slots (listing-early-view.test.tsx compares them). The picture is the page's
// largest paint; without this it waited for the app's code (on a phone, over a second of it).
import type { BodyStyle, BrandRow, CarModelRow, ListingRow } from '@/data/catalogue';
import { href } from '@/shared/lib/routes';
import { ILLUSTRATION_TAG, carArtDataUri, galleryShots, illustrationAlt } from './car-art';
import { listingEyebrow, listingIntro, listingPictureAlt, type ListingHeadFacts } from './listing-head';

export interface EarlyListingParts {
  listing: ListingHeadFacts & Pick<ListingRow, 'body_style' | 'colour' | 'image_seed'>;
  brand: Pick<BrandRow, 'name' | 'slug'> | null;
  model: CarModelRow | null;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const one = (v: unknown): Record<string, unknown> | null =>
  Array.isArray(v) ? (v.find(isObject) ?? null) : isObject(v) ? v : null;

/**
 * The Data API's listing row with its embedded brand and model (listing-request.ts) as the page's top needs
 * it, or null when the row lacks what the top shows.
 */
export function earlyListingParts(row: unknown): EarlyListingParts | null {
  if (!isObject(row)) return null;
  const { title, year, mileage, fuel_type, gearbox, colour, body_style, image_seed, condition } = row;
  if (typeof title !== 'string' || typeof colour !== 'string' || typeof body_style !== 'string') return null;
  if (typeof year !== 'number' || typeof mileage !== 'number' || typeof image_seed !== 'number') return null;
  if (typeof fuel_type !== 'string' || (gearbox !== 'manual' && gearbox !== 'automatic')) return null;
  const brand = one(row.brand);
  const model = one(row.car_model);
  return {
    listing: {
      title,
      year,
      mileage,
      fuel_type: fuel_type as ListingRow['fuel_type'],
      gearbox,
      colour,
      body_style: body_style as BodyStyle,
      image_seed,
      condition: condition as ListingRow['condition'],
    },
    brand:
      brand && typeof brand.name === 'string' && typeof brand.slug === 'string'
        ? { name: brand.name, slug: brand.slug }
        : null,
    // The one unchecked row: listing-request.ts selects car_models whole, so the embed is a CarModelRow, and the
    // picture only reads its measurements (a missing one falls back to the body style's typical shape).
    model: model ? (model as unknown as CarModelRow) : null,
  };
}

type Child = Node | string | null;

function el(doc: Document, tag: string, attrs: Record<string, string>, ...children: Child[]): HTMLElement {
  const node = doc.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  for (const child of children) if (child !== null) node.append(child);
  return node;
}

/** A react-router <Link>'s markup. */
const link = (doc: Document, to: string, text: string) => el(doc, 'a', { href: to, 'data-discover': 'true' }, text);

/** The page's top (ListingLayout with no slots) as DOM, marked data-early-view. */
export function listingEarlyView(doc: Document, { listing, brand, model }: EarlyListingParts): HTMLElement {
  const shot = galleryShots(listing.image_seed)[0];
  const src = carArtDataUri({
    bodyStyle: listing.body_style,
    model,
    colour: listing.colour,
    view: shot.view,
    backdrop: shot.backdrop,
    brand: brand?.name,
  });
  const picture = el(doc, 'img', {
    class: 'cat-img',
    src,
    alt: illustrationAlt(listingPictureAlt(listing, shot.label)),
    width: '400',
    height: '240',
    loading: 'eager',
    decoding: 'async',
  });
  const view = el(
    doc,
    'div',
    { class: 'container page cat-page cat-page--listing' },
    el(
      doc,
      'nav',
      { 'aria-label': 'Breadcrumb', class: 'cat-muted cat-small' },
      link(doc, href.marketplace(), 'Marketplace'),
      ' › ',
      brand ? link(doc, `${href.marketplace()}?make=${brand.slug}`, brand.name) : null,
    ),
    el(
      doc,
      'header',
      { class: 'page-header' },
      el(
        doc,
        'div',
        { class: 'page-header__text' },
        el(doc, 'p', { class: 'page-header__eyebrow' }, listingEyebrow(listing)),
        el(doc, 'h1', {}, listing.title),
        el(doc, 'p', { class: 'page-header__intro' }, listingIntro(listing)),
      ),
    ),
    el(
      doc,
      'div',
      { class: 'cat-detail' },
      el(
        doc,
        'div',
        { class: 'cat-section' },
        el(
          doc,
          'div',
          { class: 'cat-gallery' },
          el(
            doc,
            'div',
            { class: 'cat-gallery__main' },
            picture,
            el(doc, 'span', { class: 'car-art-tag', 'aria-hidden': 'true' }, ILLUSTRATION_TAG),
          ),
        ),
      ),
    ),
  );
  view.dataset.earlyView = '';
  return view;
}
