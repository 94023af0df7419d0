import { useMemo } from 'react';
import { useBookmarks } from '@/data/bookmarks';
import { usePriceAlerts } from '@/data/price-alerts';
import type { PriceAlert } from '@/data/types';
import {
  useCatalogueBasics,
  useDealersByIds,
  useListingsByIds,
  usePriceIndicators,
  useSavedPrices,
  type ListingRow,
} from '@/data/catalogue';
import { href } from '@/shared/lib/routes';
import { ButtonLink, CarIcon, EmptyState, LoadingBlock, PageHeader } from '@/shared/ui';
import { useListingsOnDemand } from '@/sync';
import { BookmarkButton, ListingCard, ModelCard } from '@/entities/car';
import { SavedCarNote } from './saved-car-note';
import '../bookmarks.css';

/**
 * Bookmarked models and listings from the local store: works offline; signed-out bookmarks join the account
 * on sign-in. A saved car shows as in the marketplace, with how its price moved since it was saved and
 * whether a price alert watches it.
 */
export function BookmarksScreen() {
  const bookmarks = useBookmarks();
  const basics = useCatalogueBasics();
  const alerts = usePriceAlerts();
  const saved = (bookmarks ?? []).filter((b) => b.vehicle_listing_id);
  const listingIds = saved.map((b) => b.vehicle_listing_id!);
  const listings = useListingsByIds(listingIds);
  // A saved car this device has not got yet (bookmarked on another device) is fetched on its own.
  const arriving = useListingsOnDemand(listingIds, listings);
  const cars = listingIds.map((id) => listings?.get(id)).filter((l): l is ListingRow => l !== undefined);
  const dealers = useDealersByIds(cars.map((l) => l.dealer_id));
  const indicators = usePriceIndicators(cars);
  const savedPrices = useSavedPrices(
    cars.map((l) => ({
      listingId: l.id,
      savedAt: saved.find((b) => b.vehicle_listing_id === l.id)?.created_at,
      current: l.price,
    })),
  );
  // Signed out, the alerts list is empty: no alert line then (alerts need an account).
  const alertByListing = useMemo(() => {
    if (!alerts || alerts.length === 0) return undefined;
    const map = new Map<string, PriceAlert>();
    for (const a of alerts)
      if (a.vehicle_listing_id && !map.has(a.vehicle_listing_id)) map.set(a.vehicle_listing_id, a);
    return map;
  }, [alerts]);
  if (!bookmarks || !basics || !listings) return <LoadingBlock />;
  const models = bookmarks
    .map((b) => (b.car_model_id ? basics.modelById.get(b.car_model_id) : undefined))
    .filter((m) => m !== undefined);
  return (
    <div className="container page cat-page">
      <PageHeader
        title="Bookmarks"
        intro="Cars you've saved. They're kept on this device, work offline, and sync to your account when you're signed in."
      />
      {bookmarks.length === 0 ? (
        <EmptyState
          icon={<CarIcon size={26} />}
          title="No bookmarks yet"
          description="Use the bookmark button on any car or listing to save it here."
          actions={<ButtonLink to={href.marketplace()}>Find a car</ButtonLink>}
        />
      ) : (
        <>
          {cars.length > 0 && (
            <section className="cat-section" aria-labelledby="bm-listings">
              <h2 id="bm-listings">Cars for sale ({cars.length})</h2>
              <div className="cat-grid" data-testid="bookmarked-listings">
                {cars.map((l) => {
                  const bookmark = saved.find((b) => b.vehicle_listing_id === l.id);
                  return (
                    <ListingCard
                      key={l.id}
                      listing={l}
                      indicator={l.status === 'sold' ? undefined : indicators?.[l.id]}
                      town={dealers?.get(l.dealer_id)?.town}
                      note={
                        <SavedCarNote
                          listingId={l.id}
                          price={l.price}
                          savedPrice={savedPrices?.[l.id]}
                          savedAt={bookmark?.created_at}
                          sold={l.status === 'sold'}
                          alert={alertByListing ? (alertByListing.get(l.id) ?? null) : undefined}
                        />
                      }
                      actions={<BookmarkButton short size="sm" target={{ listingId: l.id }} label={l.title} />}
                    />
                  );
                })}
              </div>
            </section>
          )}
          {models.length > 0 && (
            <section className="cat-section" aria-labelledby="bm-models">
              <h2 id="bm-models">Models ({models.length})</h2>
              <div className="cat-grid" data-testid="bookmarked-models">
                {models.map((m) => {
                  const brand = basics.brandById.get(m.brand_id);
                  return (
                    <ModelCard
                      key={m.id}
                      model={m}
                      brand={brand}
                      score={basics.reviewByModel.get(m.id)?.cs_score}
                      actions={
                        <BookmarkButton
                          compact
                          target={{ carModelId: m.id }}
                          label={`${brand?.name ?? ''} ${m.name}`}
                        />
                      }
                    />
                  );
                })}
              </div>
            </section>
          )}
          {arriving.size > 0 ? (
            <p className="cat-muted" role="status" data-testid="bookmarks-arriving">
              Fetching {arriving.size === 1 ? '1 saved car' : `${arriving.size} saved cars`} not yet on this device…
            </p>
          ) : (
            cars.length + models.length < bookmarks.length && (
              <p className="cat-muted">
                Some saved cars are not on this device: they are no longer listed, or will show when you are back
                online.
              </p>
            )
          )}
        </>
      )}
    </div>
  );
}
