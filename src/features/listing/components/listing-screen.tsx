import { useMemo, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useListingDetail, firstRegistered } from '@/data/catalogue';
import { useProfile } from '@/data';
import { useListingOnDemand } from '@/sync';
import { formatDaysOnSale, formatGBP, formatMiles, formatMonthYear } from '@/shared/lib/format';
import { BODY_STYLE_LABELS, GEARBOX_LABELS, fuelLabel, parsePlate, plateAgeLabel } from '@/shared/lib/uk';
import { href } from '@/shared/lib/routes';
import { Badge, Button, ButtonLink, LoadingBlock, toast } from '@/shared/ui';
import { homeDistanceLabel } from '../home-distance';
import {
  BookmarkButton,
  CarImage,
  galleryShots,
  CompareButton,
  FinanceCalculator,
  MarketPosition,
  PriceHistoryChart,
  RunningCosts,
  CarNotFound,
  ListingLayout,
  earlyListingParts,
} from '@/entities/car';
import { earlyListingRow } from '@/shared/lib/early-listing';
import { useStagedReveal } from '@/shared/lib/use-after-paint';

/** The panels under the key facts, drawn one stage a frame: price history and market position, costs, finance. */
const LATER_PANELS = 3;

export interface ListingScreenProps {
  listingId: string;
  /** Slot for the enquiry action (wired by the leads feature). */
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
  const early = useMemo(() => earlyListingParts(earlyListingRow(listingId)), [listingId]);
  // The panels under the key facts (below the fold on a phone, under the gallery on a wide screen) come one
  // drawn frame after another once the car's first screenful is on screen: laid out in one go, the whole page
  // took one ~20-27 ms task at 1x CPU, and the four panels together still 16-18 ms (over 50 ms at
  // Lighthouse's 4x slowdown: Total Blocking Time).
  const stage = useStagedReveal(LATER_PANELS, Boolean(detail) && !fetching);
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
  const { listing: l, model, brand, dealer, history, indicator, review } = detail;
  const shots = galleryShots(l.image_seed);
  const plate = l.registration ? parsePlate(l.registration) : null;
  const ageLabel = plate ? plateAgeLabel(plate.ageIdentifier) : null;
  const reduction = history.length > 1 ? history[0].price - l.price : 0;
  const share = async () => {
    const url = window.location.href;
    try {
      if (navigator.share) {
        await navigator.share({ title: l.title, url });
        return;
      }
      await navigator.clipboard.writeText(url);
      toast({
        title: 'Link copied',
        description: 'Paste it anywhere to share this car.',
        variant: 'success',
        duration: 3000,
      });
    } catch (e) {
      if (e instanceof DOMException && e.name === 'AbortError') return;
      toast({ title: 'Could not share', description: `Copy this link instead: ${url}`, duration: 7000 });
    }
  };

  const thumbs = (
    <div className="cat-gallery__thumbs" role="group" aria-label="Pictures">
      {shots.map((s, i) => (
        <button
          key={s.view}
          type="button"
          className="cat-thumb"
          aria-pressed={i === shot}
          aria-label={`Show ${s.label}`}
          onClick={() => setShot(i)}
        >
          {/* Drawn a few a task (the draw queue), not in the commit's frame beside the page's layout. */}
          <CarImage
            whenNear
            bodyStyle={l.body_style}
            model={model}
            brand={brand?.name}
            colour={l.colour}
            view={s.view}
            backdrop={s.backdrop}
            alt=""
          />
        </button>
      ))}
    </div>
  );

  return (
    <ListingLayout
      listing={l}
      brand={brand}
      model={model}
      shot={shot}
      thumbs={thumbs}
      details={
        <>
          <section className="cat-panel" aria-labelledby="facts-h">
            <h2 id="facts-h">Key facts</h2>
            <dl className="cat-spec">
              <Fact k="Registered" v={l.registration_date ? formatMonthYear(l.registration_date) : String(l.year)} />
              <Fact
                k="Plate"
                v={
                  l.registration
                    ? `${l.registration}${ageLabel ? ` (“${plate?.ageIdentifier}” plate: ${ageLabel})` : ''}`
                    : 'Not shown'
                }
              />
              <Fact k="Mileage" v={formatMiles(l.mileage)} />
              <Fact k="Fuel" v={fuelLabel(l.fuel_type)} />
              <Fact k="Gearbox" v={GEARBOX_LABELS[l.gearbox]} />
              <Fact k="Body" v={BODY_STYLE_LABELS[l.body_style]} />
              <Fact k="Colour" v={l.colour} />
              <Fact k="Seats / doors" v={`${l.seats} / ${l.doors}`} />
              {l.engine_cc ? <Fact k="Engine" v={`${(l.engine_cc / 1000).toFixed(1)} litre`} /> : null}
              <Fact k="CO2" v={`${l.co2_gkm} g/km`} />
            </dl>
            {l.description && <p>{l.description}</p>}
          </section>

          {stage >= 1 && (
            <>
              <section className="cat-panel" aria-labelledby="history-h">
                <h2 id="history-h">Price history</h2>
                <p className="cat-muted">
                  {formatDaysOnSale(l.listed_at)}
                  {reduction > 0 ? ` · reduced by ${formatGBP(reduction)} since it was listed` : ' · no reductions yet'}
                </p>
                <PriceHistoryChart history={history} current={l.price} />
              </section>

              <section className="cat-panel" aria-labelledby="market-h">
                <h2 id="market-h">Market position</h2>
                <MarketPosition indicator={indicator} price={l.price} />
              </section>
            </>
          )}

          {stage >= 2 && model && (
            <RunningCosts
              used
              fuel={l.fuel_type}
              co2={l.co2_gkm}
              listPrice={model.price_from}
              firstRegistered={firstRegistered(l)}
              mpg={model.mpg}
              miPerKwh={model.mi_per_kwh}
              insuranceGroup={l.insurance_group ?? model.insurance_group}
              profileAnnualMiles={profile?.annual_mileage}
            />
          )}
          {stage >= 3 && <FinanceCalculator cashPrice={l.price} />}
        </>
      }
      aside={
        <aside className="cat-aside" aria-label="Price and dealer">
          <div className="cat-panel">
            <p className="cat-bigprice" data-testid="listing-price">
              {formatGBP(l.price)}
            </p>
            <p className="cat-muted" style={{ margin: 0 }}>
              {l.admin_fee > 0 ? `Includes a ${formatGBP(l.admin_fee)} dealer admin fee` : 'No admin fee'}
            </p>
            <div className="cat-card__tags">
              {l.status === 'reserved' && <Badge variant="warning">Reserved</Badge>}
              {reduction > 0 && <Badge variant="accent">Reduced {formatGBP(reduction)}</Badge>}
            </div>
            <div className="cat-actions">
              <BookmarkButton target={{ listingId: l.id }} label={l.title} />
              <CompareButton item={{ kind: 'listing', id: l.id }} label={l.title} />
              <Button variant="ghost" onClick={share}>
                Share
              </Button>
            </div>
            {enquiryAction}
            {priceAlertAction}
          </div>
          {dealer && (
            <div className="cat-panel">
              <h2>
                <Link to={href.dealerPage(dealer.id)} data-testid="listing-dealer-link">
                  {dealer.name}
                </Link>
              </h2>
              <p style={{ margin: 0 }}>
                {dealer.town}, {dealer.postcode}
              </p>
              {homeDistanceLabel(profile?.home_postcode, dealer) && (
                <p className="cat-muted" style={{ margin: 0 }} data-testid="listing-home-distance">
                  {homeDistanceLabel(profile?.home_postcode, dealer)}
                </p>
              )}
              {dealer.rating != null && (
                <p className="cat-muted" style={{ margin: 0 }}>
                  Rated {dealer.rating.toFixed(1)} out of 5
                </p>
              )}
              {dealer.phone && <p style={{ margin: 0 }}>Call {dealer.phone}</p>}
              <ButtonLink to={href.dealerPage(dealer.id)} variant="outline">
                See this dealer&apos;s cars and reviews
              </ButtonLink>
            </div>
          )}
          {model && brand && (
            <div className="cat-panel">
              <h2>About the {model.name}</h2>
              {review && <p style={{ margin: 0 }}>{review.verdict}</p>}
              <ButtonLink to={href.model(brand.slug, model.slug)}>
                Read the {brand.name} {model.name} review
              </ButtonLink>
            </div>
          )}
        </aside>
      }
    />
  );
}

function Fact({ k, v }: { k: string; v: string }) {
  return (
    <div>
      <dt>{k}</dt>
      <dd>{v}</dd>
    </div>
  );
}
