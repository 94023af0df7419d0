import { useId, useState, type FormEvent } from 'react';
import { listingPriceError, priceNeedsConfirmation, useDealerListingWrites } from '@/data/leads';
import type { VehicleListing } from '@/data/types';
import { formatGBP } from '@/shared/lib/format';
import { Button, Dialog, Input, toast } from '@/shared/ui';
import { parsePounds } from '../dealer-stats';

/** '-40%' style: how far `next` is below `current`, rounded to a whole percent. */
function cutPercent(current: number, next: number): number {
  return Math.round(((current - next) / current) * 100);
}

/**
 * A listing's price and its editor. A cut of more than 30%, or a price under £500, opens a dialog that
 * states the old and new price and the cut; only "Yes, set …" sends the server's confirmation flag.
 */
export function PriceEditor({ listing: l }: { listing: VehicleListing }) {
  const writes = useDealerListingWrites();
  const id = useId();
  const [editing, setEditing] = useState(false);
  const [price, setPrice] = useState(String(l.price));
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<number | null>(null);

  const close = () => (setEditing(false), setError(null), setConfirming(null));
  const send = async (value: number, confirmed: boolean) => {
    await writes.updatePrice(l.id, value, confirmed);
    toast({
      title: 'Price updated',
      description: `${l.title} is now ${formatGBP(value)}${value < l.price ? '; matching price alerts will fire once the server accepts it.' : '.'}`,
      variant: 'success',
      duration: 5000,
    });
    close();
  };
  const save = async (e: FormEvent) => {
    e.preventDefault();
    const value = parsePounds(price);
    const problem = listingPriceError(value);
    if (problem) return setError(problem);
    if (value === l.price) return close();
    if (priceNeedsConfirmation(l.price, value)) return setConfirming(value);
    await send(value, false);
  };

  if (!editing)
    return (
      <div className="hub-listing__price">
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
      </div>
    );
  return (
    <div className="hub-listing__price">
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
          <Button size="sm" variant="ghost" onClick={close}>
            Cancel
          </Button>
        </div>
        {error && (
          <p id={`${id}-e`} className="field__error" role="alert">
            {error}
          </p>
        )}
      </form>
      {confirming !== null && (
        <Dialog
          open
          onOpenChange={(open) => !open && setConfirming(null)}
          title="Confirm this price?"
          description={<ConfirmText title={l.title} current={l.price} next={confirming} />}
          footer={
            <>
              <Button variant="ghost" onClick={() => setConfirming(null)}>
                No, go back
              </Button>
              <Button variant="primary" onClick={() => void send(confirming, true)}>
                Yes, set {formatGBP(confirming)}
              </Button>
            </>
          }
        />
      )}
    </div>
  );
}

function ConfirmText({ title, current, next }: { title: string; current: number; next: number }) {
  const cut = cutPercent(current, next);
  return (
    <span data-testid="price-confirm-text">
      {title}: from {formatGBP(current)} to {formatGBP(next)}
      {cut > 0 ? `, a cut of ${cut}%` : ''}. {next < 500 ? 'That is under £500. ' : ''}
      {cut > 0
        ? 'Shoppers with a price alert on this car will be told at once. Is the new price right?'
        : 'Is the new price right?'}
    </span>
  );
}
