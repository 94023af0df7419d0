import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { listingPriceError, useDealerListingWrites, type ListingStatus, type VehicleListing } from '@/data';
import { formatDaysOnSale, formatGBP, formatMiles } from '@/shared/lib/format';
import { href } from '@/shared/lib/routes';
import { Badge, Button, EmptyState, CarIcon, Input, LoadingBlock, toast } from '@/shared/ui';
import { parsePounds } from '../dealer-stats';

const STATUS_ORDER: Record<ListingStatus, number> = { active: 0, reserved: 1, sold: 2 };
const STATUS_LABEL: Record<ListingStatus, string> = { active: 'On sale', reserved: 'Reserved', sold: 'Sold' };

/** The dealer's forecourt: edit a price, mark a car reserved, sold or back on sale. */
export function ListingManager({
  listings,
  leadCounts,
  arriving = false,
}: {
  listings: VehicleListing[];
  leadCounts: Map<string, number>;
  /** The first catalogue download is still bringing the dealer's cars in. */
  arriving?: boolean;
}) {
  const sorted = [...listings].sort(
    (a, b) => STATUS_ORDER[a.status] - STATUS_ORDER[b.status] || b.listed_at.localeCompare(a.listed_at),
  );
  return (
    <section className="hub-section" aria-labelledby="hub-listings-h">
      <div className="hub-section__head">
        <h2 id="hub-listings-h">Your listings</h2>
        <p className="hub-muted">A price cut notifies every shopper whose price alert it reaches.</p>
      </div>
      {arriving ? (
        <LoadingBlock label="Downloading your listings…" />
      ) : sorted.length === 0 ? (
        <EmptyState
          icon={<CarIcon size={26} />}
          headingLevel="h3"
          title="No listings yet"
          description="Cars your dealership lists on the marketplace appear here."
        />
      ) : (
        <ul className="list-plain hub-list hub-list--listings">
          {sorted.map((l) => (
            <li key={l.id}>
              <ListingRow listing={l} leads={leadCounts.get(l.id) ?? 0} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function ListingRow({ listing: l, leads }: { listing: VehicleListing; leads: number }) {
  const writes = useDealerListingWrites();
  const id = useId();
  const [price, setPrice] = useState(String(l.price));
  const [error, setError] = useState<string | null>(null);
  const [editing, setEditing] = useState(false);
  const save = async (e: FormEvent) => {
    e.preventDefault();
    const value = parsePounds(price);
    const problem = listingPriceError(value);
    if (problem) {
      setError(problem);
      return;
    }
    if (value !== l.price) {
      await writes.updatePrice(l.id, value);
      toast({
        title: 'Price updated',
        description: `${l.title} is now ${formatGBP(value)}${value < l.price ? '; matching price alerts will fire.' : '.'}`,
        variant: 'success',
        duration: 5000,
      });
    }
    setEditing(false);
    setError(null);
  };
  const setStatus = (status: ListingStatus) => void writes.setStatus(l.id, status);
  return (
    <article className="hub-listing" data-testid="hub-listing" aria-labelledby={`${id}-t`}>
      <div className="hub-listing__main">
        <h3 id={`${id}-t`}>
          <Link to={href.listing(l.id)}>{l.title}</Link>
        </h3>
        <p className="hub-muted">
          {[
            l.registration,
            formatMiles(l.mileage),
            formatDaysOnSale(l.listed_at),
            `${leads} ${leads === 1 ? 'lead' : 'leads'}`,
          ]
            .filter(Boolean)
            .join(' · ')}
        </p>
      </div>
      <div className="hub-listing__price">
        {editing ? (
          <form className="hub-price-form" onSubmit={(e) => void save(e)} noValidate>
            <label htmlFor={`${id}-p`} className="sr-only">
              New price for {l.title}, in pounds
            </label>
            <div className="hub-price-form__row">
              <span aria-hidden="true" className="hub-price-form__pound">
                £
              </span>
              <Input
                id={`${id}-p`}
                inputMode="numeric"
                value={price}
                autoFocus
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${id}-e` : undefined}
                onChange={(e) => setPrice(e.target.value)}
              />
              <Button type="submit" size="sm" variant="primary">
                Save
              </Button>
              <Button
                size="sm"
                variant="ghost"
                onClick={() => (setEditing(false), setError(null), setPrice(String(l.price)))}
              >
                Cancel
              </Button>
            </div>
            {error && (
              <p id={`${id}-e`} className="field__error" role="alert">
                {error}
              </p>
            )}
          </form>
        ) : (
          <>
            <span className="hub-price" data-testid="hub-listing-price">
              {formatGBP(l.price)}
            </span>
            <Button
              size="sm"
              variant="outline"
              onClick={() => (setPrice(String(l.price)), setEditing(true))}
              aria-label={`Edit price of ${l.title}`}
            >
              Edit price
            </Button>
          </>
        )}
      </div>
      <div className="hub-listing__status">
        <Badge variant={l.status === 'active' ? 'success' : l.status === 'reserved' ? 'warning' : 'neutral'}>
          {STATUS_LABEL[l.status]}
        </Badge>
        <div className="hub-status-buttons" role="group" aria-label={`Status of ${l.title}`}>
          {l.status !== 'reserved' && l.status !== 'sold' && (
            <Button size="sm" variant="ghost" onClick={() => setStatus('reserved')}>
              Mark reserved
            </Button>
          )}
          {l.status !== 'sold' && (
            <Button size="sm" variant="ghost" onClick={() => setStatus('sold')}>
              Mark sold
            </Button>
          )}
          {l.status !== 'active' && (
            <Button size="sm" variant="ghost" onClick={() => setStatus('active')}>
              Back on sale
            </Button>
          )}
        </div>
      </div>
    </article>
  );
}
