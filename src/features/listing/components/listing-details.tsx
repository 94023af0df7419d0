// What follows a listing's essentials: the full key facts, then (a drawn frame each) price history and market
// position, running costs, finance, and the model's review.
import type { BrandRow, CarModelRow, ListingDetail, ReviewRow } from '@/data/catalogue';
import { firstRegistered } from '@/data/catalogue';
import { FinanceCalculator, MarketPosition, PriceHistoryChart, RunningCosts } from '@/entities/car';
import { formatDaysOnSale, formatGBP, formatMiles, formatMonthYear } from '@/shared/lib/format';
import { href } from '@/shared/lib/routes';
import { BODY_STYLE_LABELS, GEARBOX_LABELS, fuelLabel, parsePlate, plateAgeLabel } from '@/domain/uk';
import { ButtonLink } from '@/shared/ui';

export interface ListingDetailsProps {
  detail: ListingDetail;
  /** How many of the later panels are drawn yet (useStagedReveal). */
  stage: number;
  reduction: number;
  profileAnnualMiles?: number | null;
}

export function ListingDetails({ detail, stage, reduction, profileAnnualMiles }: ListingDetailsProps) {
  const { listing: l, model, brand, history, indicator, review } = detail;
  const plate = l.registration ? parsePlate(l.registration) : null;
  const ageLabel = plate ? plateAgeLabel(plate.ageIdentifier) : null;
  return (
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
        {l.description && <p className="ldetails__text">{l.description}</p>}
      </section>

      {stage >= 1 && (
        <>
          <section className="cat-panel" aria-labelledby="history-h">
            <h2 id="history-h">Price history</h2>
            <p className="cat-muted ldetails__text">
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
          evRangeMiles={model.ev_range_miles}
          insuranceGroup={l.insurance_group ?? model.insurance_group}
          profileAnnualMiles={profileAnnualMiles}
        />
      )}
      {stage >= 3 && <FinanceCalculator cashPrice={l.price} />}
      {stage >= 3 && model && brand && <AboutModel model={model} brand={brand} review={review} />}
    </>
  );
}

function AboutModel({ model, brand, review }: { model: CarModelRow; brand: BrandRow; review?: ReviewRow }) {
  return (
    <section className="cat-panel" aria-labelledby="about-h">
      <h2 id="about-h">About the {model.name}</h2>
      {review && <p className="ldetails__text">{review.verdict}</p>}
      <ButtonLink to={href.model(brand.slug, model.slug)}>
        Read the {brand.name} {model.name} review
      </ButtonLink>
    </section>
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
