import { useBookmarks } from '@/data';
import { useCatalogueBasics, useDealersByIds, useListingsByIds } from '@/data/catalogue';
import { href } from '@/shared/lib/routes';
import { ButtonLink, CarIcon, EmptyState, LoadingBlock, PageHeader } from '@/shared/ui';
import { BookmarkButton, ListingCard, ModelCard } from '@/entities/car';

/**
 * Bookmarked models and listings from the local store: works offline; signed-out bookmarks join the account
 * on sign-in.
 */
export function BookmarksScreen() {
  const bookmarks = useBookmarks();
  const basics = useCatalogueBasics();
  const listingIds = (bookmarks ?? []).map((b) => b.vehicle_listing_id).filter((x): x is string => !!x);
  const listings = useListingsByIds(listingIds);
  const dealers = useDealersByIds([...(listings?.values() ?? [])].map((l) => l.dealer_id));
  if (!bookmarks || !basics || !listings) return <LoadingBlock />;
  const models = bookmarks
    .map((b) => (b.car_model_id ? basics.modelById.get(b.car_model_id) : undefined))
    .filter((m) => m !== undefined);
  const cars = listingIds.map((id) => listings.get(id)).filter((l) => l !== undefined);
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
                {cars.map((l) => (
                  <div key={l.id} className="cat-section" style={{ gap: 8 }}>
                    <ListingCard listing={l} town={dealers?.get(l.dealer_id)?.town} />
                    <BookmarkButton compact target={{ listingId: l.id }} label={l.title} />
                  </div>
                ))}
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
                    <div key={m.id} className="cat-section" style={{ gap: 8 }}>
                      <ModelCard model={m} brand={brand} score={basics.reviewByModel.get(m.id)?.cs_score} />
                      <BookmarkButton compact target={{ carModelId: m.id }} label={`${brand?.name ?? ''} ${m.name}`} />
                    </div>
                  );
                })}
              </div>
            </section>
          )}
          {cars.length + models.length < bookmarks.length && (
            <p className="cat-muted">Some saved cars are still downloading or are no longer listed.</p>
          )}
        </>
      )}
    </div>
  );
}
