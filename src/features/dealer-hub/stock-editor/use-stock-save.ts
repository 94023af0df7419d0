// Saving the stock form: checks the fields, asks for the price guard's confirmation when needed, writes the
// listing (row + outbox op) and queues its new photos' uploads and removed photos' removals, in that order.
import { useState } from 'react';
import type { VehicleListing } from '@/data/types';
import { useStockWrites } from '@/data/dealer-stock';
import { usePhotoWrites } from '@/data/listing-photos';
import { planPhotoSave, type PhotoItem } from '../photos/photo-items';
import {
  MAX_PHOTOS,
  priceNeedsConfirmation,
  validateStockForm,
  type StockErrors,
  type StockForm,
} from './listing-rules';

/** Today in the UK, as the server's checks see it. */
export function ukToday(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(now);
}

export interface SaveInput {
  form: StockForm;
  photos: readonly PhotoItem[];
  /** The price the dealer confirmed (the checkbox), if any. */
  confirmedPrice: number | null;
}

export type SaveOutcome = 'saved' | 'invalid' | 'needs-confirmation' | 'unchanged';

export function useStockSave(opts: {
  userId: string;
  dealerId: string;
  listingId: string;
  existing: VehicleListing | null;
}) {
  const writes = useStockWrites();
  const photoWrites = usePhotoWrites();
  const [errors, setErrors] = useState<StockErrors>({});
  const [saving, setSaving] = useState(false);
  const [confirmPrice, setConfirmPrice] = useState<number | null>(null);
  const [formError, setFormError] = useState<string | null>(null);

  const save = async ({ form, photos, confirmedPrice }: SaveInput): Promise<SaveOutcome> => {
    const checked = validateStockForm(form, ukToday());
    const photoError = photos.length > MAX_PHOTOS ? 'A car can have at most 20 photos.' : null;
    if (!checked.ok || photoError) {
      setErrors({ ...(checked.ok ? {} : checked.errors), ...(photoError ? { photos: photoError } : {}) });
      return 'invalid';
    }
    const { values } = checked;
    const { existing } = opts;
    const priceChanged = !existing || existing.price !== values.price;
    if (
      priceChanged &&
      priceNeedsConfirmation(existing?.price ?? null, values.price) &&
      confirmedPrice !== values.price
    ) {
      setConfirmPrice(values.price);
      setErrors({ price: 'Confirm this price below: it is under £500 or more than 30% below the current price.' });
      return 'needs-confirmation';
    }
    setErrors({});
    setFormError(null);
    setSaving(true);
    try {
      const plan = planPhotoSave(existing?.photos ?? [], photos);
      const full = { ...values, photos: plan.paths };
      const confirmed = confirmedPrice === values.price ? values.price : undefined;
      if (existing) {
        const sent = await writes.update(existing.id, full, confirmed);
        if (Object.keys(sent).length === 0 && plan.uploads.length === 0) return 'unchanged';
      } else {
        await writes.create({ id: opts.listingId, dealerId: opts.dealerId, values: full, confirmedPrice: confirmed });
      }
      const base = { userId: opts.userId, dealerId: opts.dealerId, listingId: opts.listingId };
      await photoWrites.queue([
        ...plan.uploads.map((u) => ({ ...base, kind: 'upload' as const, path: u.path, blob: u.blob })),
        ...plan.removals.map((path) => ({ ...base, kind: 'remove' as const, path })),
      ]);
      return 'saved';
    } catch (err) {
      setFormError(err instanceof Error ? err.message : 'The car could not be saved.');
      return 'invalid';
    } finally {
      setSaving(false);
    }
  };

  return { save, errors, setErrors, formError, saving, confirmPrice };
}
