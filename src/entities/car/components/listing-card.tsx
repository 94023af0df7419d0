import { memo, type ReactNode } from 'react';
import { representativeMonthly, useCatalogueLookup, type ListingRow } from '@/data/catalogue';
import { formatGBP, formatMiles } from '@/shared/lib/format';
import { fuelLabel, GEARBOX_LABELS, type PriceIndicator } from '@/domain/uk';
import { href } from '@/shared/lib/routes';
import { Badge, CardLink } from '@/shared/ui';
import { CarImage } from './car-image';
import { CompareButton } from './compare-button';
import { PriceIndicatorBadge } from './price-indicator-badge';
import { galleryShots } from './car-art';
import './listing-card.css';

export interface ListingCardProps {
  listing: ListingRow;
  indicator?: PriceIndicator;
  reduction?: number;
  miles?: number;
  town?: string;
  headingLevel?: 'h2' | 'h3';
  /** Under the badges: what a screen adds about this car (the bookmarks: the change since saving, the alert). */
  note?: ReactNode;
  /** Beside the compare button (the bookmarks: remove the bookmark). */
  actions?: ReactNode;
}

/** '1 mile away', '12 miles away'; 'under a mile away' when it would round to none. */
export const milesAway = (miles: number): string => (miles < 0.5 ? 'under a mile away' : `${formatMiles(miles)} away`);

/** Memoised: a realtime change re-renders only the cards whose row, indicator or distance changed. */
export const ListingCard = memo(function ListingCard({
  listing: l,
  indicator,
  reduction,
  miles,
  town,
  headingLevel: H = 'h3',
  note,
  actions,
}: ListingCardProps) {
  const shot = galleryShots(l.image_seed)[0];
  const lookup = useCatalogueLookup();
  return (
    <article className="cat-card cat-listing" data-testid="listing-card" data-listing-id={l.id}>
      <CardLink to={href.listing(l.id)} className="cat-card__media" tabIndex={-1} aria-hidden="true">
        <CarImage
          bodyStyle={l.body_style}
          model={lookup.modelById.get(l.car_model_id)}
          brand={lookup.brandById.get(l.brand_id)?.name}
          colour={l.colour}
          view={shot.view}
          backdrop={shot.backdrop}
          alt=""
          whenNear
          labelled
          photo={l.photos?.[0]}
        />
        {l.status === 'reserved' && <span className="cat-ribbon">Reserved</span>}
      </CardLink>
      <div className="cat-card__body">
        <H className="cat-card__title" data-essential="">
          <CardLink to={href.listing(l.id)}>
            {l.title}
            {l.status === 'reserved' && <span className="sr-only"> (reserved)</span>}
          </CardLink>
        </H>
        <p className="cat-price" data-essential="">
          <strong>{formatGBP(l.price)}</strong>
          <span className="cat-muted"> or {formatGBP(representativeMonthly(l.price))}/mo*</span>
        </p>
        <ul className="cat-facts" aria-label="Key facts" data-essential="">
          <li>{l.year}</li>
          <li>{formatMiles(l.mileage)}</li>
          <li>{fuelLabel(l.fuel_type)}</li>
          <li>{GEARBOX_LABELS[l.gearbox]}</li>
        </ul>
        <div className="cat-card__tags">
          <PriceIndicatorBadge indicator={indicator} />
          {reduction ? <Badge variant="accent">Reduced {formatGBP(reduction)}</Badge> : null}
        </div>
        {note}
        <p className="cat-muted cat-card__where" data-essential="">
          {town ?? l.outcode}
          {miles !== undefined && <span className="cat-card__miles"> · {milesAway(miles)}</span>}
        </p>
        <div className="cat-card__actions">
          <CompareButton compact item={{ kind: 'listing', id: l.id }} label={l.title} />
          {actions}
        </div>
      </div>
    </article>
  );
});
