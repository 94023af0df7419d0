import { useState, type FormEvent } from 'react';
import { priceAlertWrites, useListingForAlert, usePriceAlertForListing } from '@/data/price-alerts';
import { formatGBP } from '@/shared/lib/format';
import { href } from '@/shared/lib/routes';
import { Button, ButtonLink, Dialog, DialogFormFooter, Field, Input, toast, useToastedAction } from '@/shared/ui';
import { parsePriceAlertTarget } from '../validation';
import '../price-alerts.css';

export interface PriceAlertControlProps {
  listingId: string;
  signedIn: boolean;
}

function SetAlertDialog({
  open,
  onClose,
  listing,
}: {
  open: boolean;
  onClose: () => void;
  listing: { id: string; title: string; price: number };
}) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, run] = useToastedAction();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = parsePriceAlertTarget(text, listing.price);
    if (!parsed.ok) {
      setError(parsed.error);
      return;
    }
    await run(async () => {
      await priceAlertWrites.create({
        vehicleListingId: listing.id,
        targetPrice: parsed.target,
        currentPrice: listing.price,
      });
      setText('');
      setError(null);
      onClose();
      const pence = !Number.isInteger(parsed.target);
      return {
        title: 'Price alert created',
        description: `You'll be notified when the price drops below ${formatGBP(parsed.target, { pence })}.`,
      };
    }, 'Failed to create price alert.');
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(o) => !o && onClose()}
      title="Set price alert"
      description={`${listing.title} is ${formatGBP(listing.price)} now.`}
    >
      <form className="pa-form" onSubmit={(e) => void submit(e)} noValidate>
        <Field
          label="Tell me when the price drops below (£)"
          error={error}
          hint="Works offline: the alert is saved on this device and synced when you reconnect."
        >
          <Input
            inputMode="decimal"
            autoComplete="off"
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              if (error) setError(null);
            }}
            placeholder={`e.g. ${Math.max(1, Math.floor((listing.price * 0.95) / 100) * 100)}`}
            data-testid="price-alert-target"
          />
        </Field>
        <DialogFormFooter onCancel={onClose} saving={saving} submitLabel="Set price alert" />
      </form>
    </Dialog>
  );
}

/** 'Set price alert' on a listing, or the alert already set with a way to remove it. */
export function PriceAlertControl({ listingId, signedIn }: PriceAlertControlProps) {
  const listing = useListingForAlert(listingId);
  const alert = usePriceAlertForListing(listingId);
  const [open, setOpen] = useState(false);
  if (!listing) return null;
  if (!signedIn) {
    return (
      <div className="pa-box">
        <ButtonLink to={href.auth({ redirect: href.listing(listingId) })} variant="ghost">
          Sign in to set a price alert
        </ButtonLink>
      </div>
    );
  }
  if (alert === undefined) return null;
  const remove = async () => {
    if (!alert) return;
    try {
      await priceAlertWrites.remove(alert.id);
      toast({ title: 'Alert deleted', description: 'Price alert has been removed.', variant: 'success' });
    } catch {
      toast({ title: 'Error', description: 'Failed to delete price alert.', variant: 'destructive' });
    }
  };
  return (
    <div className="pa-box" data-testid="price-alert-control">
      {alert ? (
        <>
          <p className="pa-text">
            Price alert {alert.is_active ? 'on' : 'paused'}: below{' '}
            <strong>{formatGBP(alert.target_price, { pence: !Number.isInteger(alert.target_price) })}</strong>
          </p>
          <Button size="sm" variant="ghost" onClick={() => void remove()}>
            Remove alert
          </Button>
        </>
      ) : (
        <Button onClick={() => setOpen(true)}>Set price alert</Button>
      )}
      <SetAlertDialog open={open} onClose={() => setOpen(false)} listing={listing} />
    </div>
  );
}
