import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { BrandRow, CarModelRow, ListingRow } from '@/data/catalogue';
import { PageHeader } from '@/shared/ui';
import { href } from '@/shared/lib/routes';
import { CarImage } from './car-image';
import { galleryShots } from './car-art';
import { listingEyebrow, listingIntro, listingPictureAlt, type ListingHeadFacts } from './listing-head';

export interface ListingLayoutProps {
  listing: ListingHeadFacts & Pick<ListingRow, 'body_style' | 'colour' | 'image_seed'>;
  brand?: Pick<BrandRow, 'name' | 'slug'> | null;
  model?: CarModelRow | null;
  /** The gallery's shown picture (index into galleryShots). */
  shot?: number;
  /** Under the main picture, in the gallery (its thumbnails). */
  thumbs?: ReactNode;
  /** Under the gallery: the facts, history and costs panels. */
  details?: ReactNode;
  /** Beside (or, on a phone, under) the main column: price, actions, dealer. */
  aside?: ReactNode;
}

/**
 * A listing page's frame: breadcrumb, heading and the gallery's main picture, with slots for the rest. The
 * listing screen renders it whole; with no slots it is the page's first screen as drawn before the app runs
 * from the head script's early answer (listing-early-view.ts builds the same DOM; a test keeps them equal),
 * so the app's first render puts the same things in the same places.
 */
export function ListingLayout({ listing, brand, model, shot = 0, thumbs, details, aside }: ListingLayoutProps) {
  const view = galleryShots(listing.image_seed)[shot];
  return (
    <div className="container page cat-page">
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
              />
            </div>
            {thumbs}
          </div>
          {details}
        </div>
        {aside}
      </div>
    </div>
  );
}
