import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { BrandRow, ListingRow } from '@/data/catalogue';
import { PageHeader } from '@/shared/ui';
import { href } from '@/shared/lib/routes';
import { CarImage } from './car-image';
import { galleryShots, type CarArtInput, type GalleryShot } from './car-art';
import { listingEyebrow, listingIntro, listingPictureAlt, type ListingHeadFacts } from './listing-head';

export interface ListingLayoutProps {
  listing: ListingHeadFacts & Pick<ListingRow, 'body_style' | 'colour' | 'image_seed'>;
  brand?: Pick<BrandRow, 'name' | 'slug'> | null;
  model?: CarArtInput['model'];
  /** The gallery's pictures (default: the drawn views of galleryShots); a slide's photo wins over the drawing. */
  slides?: readonly GallerySlide[];
  /** The gallery's shown picture (index into slides). */
  shot?: number;
  /** Over the main picture (the gallery's counter and its open-full-screen control). */
  overlay?: ReactNode;
  /** Under the main picture, in the gallery (its thumbnails). */
  thumbs?: ReactNode;
  /** Beside the gallery and details (on a phone and tablet, straight under the gallery): price, dealer, actions. */
  aside?: ReactNode;
  /** Under the gallery (on a phone, under the aside): the facts, history, costs and finance panels. */
  details?: ReactNode;
}

/** One picture of a listing's gallery: a drawn view, or the dealer's photo when it has one (listingGallerySlides). */
export interface GallerySlide extends GalleryShot {
  /** A photo in Storage (CarImage's `photo`). */
  photo?: string | null;
  photoUrl?: string | null;
}

/**
 * A listing page's frame: breadcrumb, heading and the gallery's main picture, with slots for the rest. The
 * listing screen renders it whole; with no slots it is the page's first screen as drawn before the app runs
 * from the head script's early answer (src/early/listing-view.ts builds the same DOM; a test keeps them equal),
 * so the app's first render puts the same things in the same places.
 */
export function ListingLayout(props: ListingLayoutProps) {
  const { listing, brand, model, slides, shot = 0, overlay, thumbs, details, aside } = props;
  const all = slides ?? galleryShots(listing.image_seed);
  const view: GallerySlide = all[Math.min(shot, all.length - 1)];
  return (
    <div className="container page cat-page cat-page--listing">
      <nav aria-label="Breadcrumb" className="cat-muted cat-small">
        <Link to={href.marketplace()}>Marketplace</Link> ›{' '}
        {brand && <Link to={`${href.marketplace()}?make=${brand.slug}`}>{brand.name}</Link>}
      </nav>
      <PageHeader title={listing.title} eyebrow={listingEyebrow(listing)} intro={listingIntro(listing)} />
      <div className="cat-detail">
        <div className="cat-section">
          <div className="cat-gallery">
            <div className="cat-gallery__main">
              <CarImage
                eager
                bodyStyle={listing.body_style}
                model={model}
                brand={brand?.name}
                colour={listing.colour}
                view={view.view}
                backdrop={view.backdrop}
                alt={listingPictureAlt(listing, view.label)}
                labelled
                photo={view.photo}
                photoUrl={view.photoUrl}
                sizes="(min-width: 1024px) 60vw, 100vw"
              />
              {overlay}
            </div>
            {thumbs}
          </div>
        </div>
        {aside}
        {details && <div className="cat-section listing-details btn-wrap">{details}</div>}
      </div>
    </div>
  );
}
