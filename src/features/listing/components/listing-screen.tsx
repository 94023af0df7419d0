import '../listing.css';
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { useListingDetail } from '@/data/catalogue';
import { useProfile } from '@/data/preferences';
import { useListingOnDemand } from '@/sync';
import { href } from '@/shared/lib/routes';
import { LoadingBlock } from '@/shared/ui';
import { homeDistanceLabel } from '../home-distance';
import { CarImage, CarNotFound, ListingLayout, listingGallerySlides, type GallerySlide } from '@/entities/car';
import { earlyListingParts, earlyListingRow } from '@/early';
import { useStagedReveal } from '@/shared/lib/use-after-paint';
import { GalleryOverlay, GalleryThumbs, GalleryViewer, type DrawSlide } from './listing-gallery';
import { ListingAside } from './listing-aside';
import { ListingDetails } from './listing-details';

/** The panels under the key facts, drawn one stage a frame: price history and market position, costs, finance. */
const LATER_PANELS = 3;

export interface ListingScreenProps {
  listingId: string;
  /** Slot for the enquiry action (wired by the leads feature); the contact bar's Message presses its button. */
  enquiryAction?: ReactNode;
  /** Slot for the price-alert action (wired by the notifications feature). */
  priceAlertAction?: ReactNode;
}

export function ListingScreen({ listingId, enquiryAction, priceAlertAction }: ListingScreenProps) {
  const detail = useListingDetail(listingId);
  // A shared link opened before the catalogue is on the device: this one car is fetched first.
  const fetching = useListingOnDemand(listingId, detail === null);
  const profile = useProfile();
  const [shot, setShot] = useState(0);
  const [viewing, setViewing] = useState(false);
  const early = useMemo(() => earlyListingParts(earlyListingRow(listingId)), [listingId]);
  // The panels under the key facts (below the fold on a phone, under the gallery on a wide screen) come one
  // drawn frame after another once the car's first screenful is on screen: laid out in one go, the whole page
  // took one ~20-27 ms task at 1x CPU, and the four panels together still 16-18 ms (over 50 ms at
  // Lighthouse's 4x slowdown: Total Blocking Time).
  const stage = useStagedReveal(LATER_PANELS, Boolean(detail) && !fetching);
  const l = detail?.listing;
  const drawSlide = useCallback<DrawSlide>(
    (s, big) =>
      l ? (
        <CarImage
          // Thumbnails are drawn a few a task (the draw queue), not in the commit's frame beside the layout.
          whenNear={!big}
          eager={big}
          className={big ? 'lgal__img' : undefined}
          bodyStyle={l.body_style}
          model={detail?.model}
          brand={detail?.brand?.name}
          colour={l.colour}
          view={s.view}
          backdrop={s.backdrop}
          photo={s.photo}
          sizes={big ? '100vw' : '25vw'}
          alt={big ? `${l.colour} ${l.title}, ${s.label}` : ''}
          labelled={big}
        />
      ) : null,
    [l, detail?.model, detail?.brand?.name],
  );
  if (detail === undefined || fetching) {
    // A shared link opened cold: the head script's early answer has drawn the page's top already (before
    // the app ran); the same top stays until the car is in the local store.
    return early ? <ListingLayout listing={early.listing} brand={early.brand} model={early.model} /> : <LoadingBlock />;
  }
  if (detail === null)
    return (
      <CarNotFound
        title="We couldn't find this car"
        description="It may have been sold, or the catalogue is still downloading. The requested information could not be found."
        action={{ to: href.marketplace(), label: 'Back to the marketplace' }}
      />
    );
  const { listing, model, brand, dealer, history, indicator } = detail;
  // The dealer's photos when it has any, else the drawn views.
  const all: readonly GallerySlide[] = listingGallerySlides(listing);
  const reduction = history.length > 1 ? history[0].price - listing.price : 0;
  return (
    <ListingLayout
      listing={listing}
      brand={brand}
      model={model}
      slides={all}
      shot={shot}
      overlay={
        <GalleryOverlay
          total={all.length}
          shot={shot}
          onShot={setShot}
          onOpen={() => setViewing(true)}
          title={listing.title}
        />
      }
      thumbs={
        <>
          <GalleryThumbs slides={all} shot={shot} onShot={setShot} draw={drawSlide} />
          {viewing && (
            <GalleryViewer
              slides={all}
              shot={shot}
              onShot={setShot}
              onClose={() => setViewing(false)}
              title={listing.title}
              draw={drawSlide}
            />
          )}
        </>
      }
      aside={
        <ListingAside
          listing={listing}
          dealer={dealer}
          indicator={indicator}
          reduction={reduction}
          distance={homeDistanceLabel(profile?.home_postcode, dealer)}
          enquiryAction={enquiryAction}
          priceAlertAction={priceAlertAction}
        />
      }
      details={
        <ListingDetails
          detail={detail}
          stage={stage}
          reduction={reduction}
          profileAnnualMiles={profile?.annual_mileage}
        />
      }
    />
  );
}
