// Withdrawing a car takes it off sale for good (its listing is deleted), so it asks first. A car with
// enquiries stays: deleting it would take the buyers' threads with it; the dealer marks it sold instead.
import { useState } from 'react';
import type { VehicleListing } from '@/data/types';
import { StockListingError, useStockWrites } from '@/data/dealer-stock';
import { usePhotoWrites } from '@/data/listing-photos';
import { Button, Dialog, toast } from '@/shared/ui';

export function WithdrawCar({ listing, onWithdrawn }: { listing: VehicleListing; onWithdrawn: () => void }) {
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const writes = useStockWrites();
  const photoWrites = usePhotoWrites();

  const withdraw = async () => {
    setBusy(true);
    try {
      await photoWrites.drop(listing.id);
      await writes.withdraw(listing.id);
      setOpen(false);
      toast({ title: 'Car withdrawn', description: `${listing.title} is no longer on sale.` });
      onWithdrawn();
    } catch (err) {
      setError(err instanceof StockListingError ? err.message : 'The car could not be withdrawn. Please try again.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="stock-withdraw" aria-labelledby="stock-withdraw-title">
      <h2 id="stock-withdraw-title" className="stock-withdraw__title">
        Withdraw this car
      </h2>
      <p className="cat-muted">
        Takes the advert off the marketplace for good. Sold it? Mark it sold in your stock list.
      </p>
      <Button
        type="button"
        variant="danger"
        onClick={() => {
          setError(null);
          setOpen(true);
        }}
      >
        Withdraw car
      </Button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title="Withdraw this car?"
        description={`${listing.title} (${listing.registration ?? 'no registration'}) leaves the marketplace and your stock. This cannot be undone.`}
        footer={
          <>
            <Button type="button" onClick={() => setOpen(false)}>
              Keep it on sale
            </Button>
            <Button type="button" variant="danger" disabled={busy} onClick={() => void withdraw()}>
              {busy ? 'Withdrawing…' : 'Withdraw car'}
            </Button>
          </>
        }
      >
        {error && (
          <p className="stock-form__refusal" role="alert">
            {error}
          </p>
        )}
      </Dialog>
    </section>
  );
}
