// /dealer/stock/new and /dealer/stock/:listingId/edit: a dealer adds a car or edits every field of one,
// with its photos, and can withdraw it. Saving is local-first: the row and its outbox op commit at once,
// the photos wait in the photo outbox, and the server checks everything again.
import { useMemo, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { useDealerHub, type DealerHubData } from '@/data/leads';
import type { VehicleListing } from '@/data/types';
import { useListingRefusal } from '@/data/dealer-stock';
import { photoUrl, useLocalPhotoUrls } from '@/data/listing-photos';
import { formatGBP } from '@/shared/lib/format';
import { href } from '@/shared/lib/routes';
import { Button, ButtonLink, ChartIcon, EmptyState, LoadingBlock, PageHeader, SignInPage, toast } from '@/shared/ui';
import type { Viewer } from '@/shared/lib/viewer';
import { PhotoPicker } from '../photos/photo-picker';
import type { PhotoItem } from '../photos/photo-items';
import { PhotoUploadState } from '../photos/photo-upload-state';
import { EMPTY_STOCK_FORM, formFromListing } from './form-state';
import { fieldForServerMessage, type StockForm } from './listing-rules';
import { StockFields } from './stock-fields';
import { useStockSave } from './use-stock-save';
import { WithdrawCar } from './withdraw-car';
import './stock-editor.css';

export interface StockEditorScreenProps {
  viewer: Viewer;
  /** The car to edit; a new car when absent. */
  listingId?: string;
}

export function StockEditorScreen({ viewer, listingId }: StockEditorScreenProps) {
  const hub = useDealerHub();
  const title = listingId ? 'Edit car' : 'Add a car';
  if (viewer.status === 'loading' || (viewer.status === 'signed-in' && hub === undefined))
    return <LoadingBlock label="Loading your stock…" />;
  if (viewer.status === 'signed-out')
    return (
      <SignInPage
        header={<PageHeader eyebrow="Dealer Hub" title={title} />}
        icon={<ChartIcon size={26} />}
        title="Sign in to manage your stock"
        description="Dealers add and edit their cars here."
        signInTo={href.auth({ redirect: listingId ? href.dealerStockEdit(listingId) : href.dealerStockNew() })}
      />
    );
  if (!hub)
    return (
      <div className="container page">
        <PageHeader eyebrow="Dealer Hub" title={title} />
        <EmptyState
          title="Only dealers can add cars"
          description="Join a dealership from the Dealer Hub first."
          actions={<ButtonLink to={href.dealerDashboard()}>Open the Dealer Hub</ButtonLink>}
        />
      </div>
    );
  const listing = listingId ? hub.listings.find((l) => l.id === listingId) : undefined;
  if (listingId && !listing)
    return (
      <div className="container page">
        <PageHeader eyebrow="Dealer Hub" title={title} />
        <EmptyState
          title="This car is not in your stock"
          description="It may have been withdrawn, or it belongs to another dealer."
          actions={<ButtonLink to={href.dealerDashboard()}>Back to your stock</ButtonLink>}
        />
      </div>
    );
  return <StockEditor key={listing?.id ?? 'new'} hub={hub} userId={viewer.userId} listing={listing ?? null} />;
}

function StockEditor({ hub, userId, listing }: { hub: DealerHubData; userId: string; listing: VehicleListing | null }) {
  const navigate = useNavigate();
  const [listingId] = useState(() => listing?.id ?? crypto.randomUUID());
  const [form, setForm] = useState<StockForm>(() => (listing ? formFromListing(listing) : EMPTY_STOCK_FORM));
  const stored = useMemo(() => listing?.photos ?? [], [listing]);
  const localUrls = useLocalPhotoUrls(stored);
  const [picked, setPicked] = useState<PhotoItem[] | null>(null);
  const photos: PhotoItem[] =
    picked ?? stored.map((path) => ({ path, file: null, previewUrl: localUrls.get(path) ?? photoUrl(path, 320) }));
  const [confirmed, setConfirmed] = useState(false);
  const { save, errors, formError, saving, confirmPrice } = useStockSave({
    userId,
    dealerId: hub.membership.dealer_id,
    listingId,
    existing: listing,
  });
  const refusal = useListingRefusal(listingId);
  const refusedField = refusal ? fieldForServerMessage(refusal) : null;
  const shownErrors = refusedField && !errors[refusedField] ? { ...errors, [refusedField]: refusal! } : errors;

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const outcome = await save({ form, photos, confirmedPrice: confirmed ? confirmPrice : null });
    if (outcome === 'saved' || outcome === 'unchanged') {
      toast({
        title: listing ? (outcome === 'saved' ? 'Changes saved' : 'Nothing changed') : 'Car added',
        description: listing ? undefined : 'It is on sale now. Photos upload in the background.',
      });
      navigate(href.dealerDashboard());
    } else {
      // Focus the first message so a keyboard or screen-reader user hears what to fix.
      requestAnimationFrame(() => document.querySelector<HTMLElement>('.stock-form [aria-invalid="true"]')?.focus());
    }
  };

  return (
    <div className="container page">
      <PageHeader
        eyebrow={hub.dealer?.name ?? 'Dealer Hub'}
        title={listing ? `Edit ${listing.title}` : 'Add a car'}
        intro={
          listing
            ? `${listing.registration ?? ''} · listed at ${formatGBP(listing.price)}`
            : 'It goes on sale as soon as you save.'
        }
        actions={<ButtonLink to={href.dealerDashboard()}>Back to stock</ButtonLink>}
      />
      {refusal && (
        <p className="stock-form__refusal" role="alert">
          Your last change was not accepted: {refusal}
        </p>
      )}
      <form
        className="stock-form"
        noValidate
        onSubmit={(e) => void onSubmit(e)}
        aria-label={listing ? 'Edit car' : 'Add a car'}
      >
        <StockFields form={form} errors={shownErrors} onChange={setForm} />
        <PhotoPicker
          items={photos}
          onChange={setPicked}
          dealerId={hub.membership.dealer_id}
          listingId={listingId}
          error={shownErrors.photos}
        />
        {listing && <PhotoUploadState listingId={listing.id} />}
        {confirmPrice !== null && (
          <label className="stock-form__confirm">
            <input type="checkbox" checked={confirmed} onChange={(e) => setConfirmed(e.target.checked)} />
            <span>
              Yes, {formatGBP(confirmPrice)} is the right price
              {listing ? ` (it is ${formatGBP(listing.price)} now)` : ''}.
            </span>
          </label>
        )}
        {formError && (
          <p className="stock-form__refusal" role="alert">
            {formError}
          </p>
        )}
        <div className="stock-form__actions">
          <Button type="submit" variant="primary" disabled={saving}>
            {saving ? 'Saving…' : listing ? 'Save changes' : 'Add car'}
          </Button>
          <ButtonLink to={href.dealerDashboard()} variant="ghost">
            Cancel
          </ButtonLink>
        </div>
      </form>
      {listing && <WithdrawCar listing={listing} onWithdrawn={() => navigate(href.dealerDashboard())} />}
    </div>
  );
}
