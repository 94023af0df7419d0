import { Link } from 'react-router-dom';
import type { PriceAlert } from '@/data/types';
import { formatGBP } from '@/shared/lib/format';
import { href } from '@/shared/lib/routes';

/** '28 Nov': short enough for a card's line. */
const dayMonth = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'Europe/London' });

export interface SavedCarNoteProps {
  listingId: string;
  price: number;
  /** Its price when it was saved (undefined while the history loads). */
  savedPrice?: number;
  savedAt?: string | null;
  sold: boolean;
  /** The signed-in shopper's price alert on it: null for none, undefined when signed out. */
  alert?: PriceAlert | null;
}

/** A bookmarked car's story since it was saved: how its price moved, and whether an alert watches it. */
export function SavedCarNote({ listingId, price, savedPrice, savedAt, sold, alert }: SavedCarNoteProps) {
  const change = savedPrice === undefined ? 0 : price - savedPrice;
  const day = savedAt ? new Date(savedAt) : null;
  const since =
    day && !Number.isNaN(day.getTime()) ? ` since you saved it on ${dayMonth.format(day)}` : ' since you saved it';
  return (
    <div className="bm-note" data-testid="saved-car-note">
      {sold ? (
        <p className="bm-note__line bm-note__line--sold">Sold since you saved it</p>
      ) : savedPrice === undefined ? null : change < 0 ? (
        <p className="bm-note__line bm-note__line--down" data-testid="saved-price-change">
          <span aria-hidden="true">↓ </span>
          {formatGBP(-change)} cheaper{since}
        </p>
      ) : change > 0 ? (
        <p className="bm-note__line bm-note__line--up" data-testid="saved-price-change">
          <span aria-hidden="true">↑ </span>
          {formatGBP(change)} dearer{since}
        </p>
      ) : (
        <p className="bm-note__line" data-testid="saved-price-change">
          Same price{since}
        </p>
      )}
      {alert === undefined || sold ? null : alert ? (
        <p className="bm-note__line" data-testid="saved-alert">
          {alert.is_active ? (
            <>
              <span className="bm-note__on">Price alert on</span>: below{' '}
              {formatGBP(alert.target_price, { pence: !Number.isInteger(alert.target_price) })}
            </>
          ) : (
            `Price alert paused: below ${formatGBP(alert.target_price, { pence: !Number.isInteger(alert.target_price) })}`
          )}
        </p>
      ) : (
        <p className="bm-note__line bm-note__line--muted" data-testid="saved-alert">
          No price alert. <Link to={href.listing(listingId)}>Set one on the car&apos;s page</Link>
        </p>
      )}
    </div>
  );
}
