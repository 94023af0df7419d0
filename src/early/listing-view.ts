// A shared listing link's first screen drawn before the app runs: the early answer (listing-answer.ts) has the
// car, its brand and model, so /listing-early-view.js (built from listing-view-script.ts) draws the breadcrumb,
// heading and main picture in plain DOM, the same DOM as ListingLayout with no slots (listing-view.test.tsx
// compares them). The picture is the page's largest paint; without this it waited for the app's code (on a
// phone, over a second of it). It reaches into entities/car's plain modules, not its index, which carries
// React and CSS: this script is bundled alone.
import { ILLUSTRATION_TAG, carArtDataUri, galleryShots, illustrationAlt } from '@/entities/car/components/car-art';
import { listingEyebrow, listingIntro, listingPictureAlt } from '@/entities/car/components/listing-head';
import { href } from '@/shared/lib/routes';
import type { EarlyListingParts } from './listing-parts';

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
