// The listing's price and dealer: straight under the gallery on a phone (with the title, the first screen),
// the sticky right-hand column on a wide screen.
import { useRef, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { DealerRow, ListingRow } from '@/data/catalogue';
import { CompareButton, PriceIndicatorBadge } from '@/entities/car';
import { formatGBP } from '@/shared/lib/format';
import { href } from '@/shared/lib/routes';
import type { PriceIndicator } from '@/domain/uk';
import { Badge, Button, ButtonLink } from '@/shared/ui';
import { ContactBar } from './contact-bar';
import { shareListing } from '../share';
import { telHref } from '../tel';

export interface ListingAsideProps {
  listing: ListingRow;
  dealer?: DealerRow;
  indicator: PriceIndicator;
  /** First listed price minus the current one (0 when never reduced). */
  reduction: number;
  /** 'About 12 miles from LS1 4AP' when the shopper has a home postcode. */
  distance: string | null;
  enquiryAction?: ReactNode;
  priceAlertAction?: ReactNode;
}

export function ListingAside(props: ListingAsideProps) {
  const { listing: l, dealer, indicator, reduction, distance, enquiryAction, priceAlertAction } = props;
  const sold = l.status === 'sold';
  const enquiry = useRef<HTMLDivElement>(null);
  // The bar's Message is the enquiry slot's own button pressed: it knows whether to sign in first or open the
  // form, and the form it opens is the one the page already has.
  const message = () => enquiry.current?.querySelector<HTMLButtonElement>('button:not(:disabled)')?.click();
  const tel = telHref(dealer?.phone);
  return (
    <aside className="cat-aside btn-wrap" aria-label="Price and dealer">
      <section className="cat-panel lprice" aria-label="Price">
        <p className="cat-bigprice" data-testid="listing-price" data-essential="">
          {formatGBP(l.price)}
        </p>
        <div className="cat-card__tags">
          {sold ? <Badge variant="neutral">Sold</Badge> : <PriceIndicatorBadge indicator={indicator} />}
          {l.status === 'reserved' && <Badge variant="warning">Reserved</Badge>}
          {!sold && reduction > 0 && <Badge variant="accent">Reduced {formatGBP(reduction)}</Badge>}
        </div>
        <p className="cat-muted cat-small lprice__fee">
          {l.admin_fee > 0 ? `Includes a ${formatGBP(l.admin_fee)} dealer admin fee` : 'No admin fee'}
        </p>
        {dealer && (
          <p className="lprice__dealer" data-testid="listing-dealer-line">
            Sold by <Link to={href.dealerPage(dealer.id)}>{dealer.name}</Link>, {dealer.town}
            {distance && (
              <span className="cat-muted" data-testid="listing-home-distance">
                {' '}
                · {distance}
              </span>
            )}
          </p>
        )}
        <ContactBar
          listingId={l.id}
          title={l.title}
          dealerName={dealer?.name}
          phone={dealer?.phone}
          onMessage={sold || !enquiryAction ? undefined : message}
        />
      </section>

      <section className="cat-panel lactions" aria-label="Enquire, compare and share">
        <div ref={enquiry}>{enquiryAction}</div>
        {!sold && priceAlertAction}
        <div className="cat-actions">
          <CompareButton item={{ kind: 'listing', id: l.id }} label={l.title} />
          <Button variant="ghost" onClick={() => void shareListing(l.title)}>
            Share
          </Button>
        </div>
      </section>

      {dealer && (
        <section className="cat-panel" aria-labelledby="dealer-h">
          <h2 id="dealer-h">
            <Link to={href.dealerPage(dealer.id)} data-testid="listing-dealer-link">
              {dealer.name}
            </Link>
          </h2>
          <p className="ldealer__line">
            {dealer.town}, {dealer.postcode}
          </p>
          {dealer.rating != null && (
            <p className="cat-muted ldealer__line">Rated {dealer.rating.toFixed(1)} out of 5</p>
          )}
          {tel && (
            <p className="ldealer__line">
              Call <a href={tel}>{dealer.phone}</a>
            </p>
          )}
          <ButtonLink to={href.dealerPage(dealer.id)} variant="outline">
            See this dealer&apos;s cars and reviews
          </ButtonLink>
        </section>
      )}
    </aside>
  );
}
