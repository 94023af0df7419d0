import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { useProfile } from '@/data/preferences';
import { useDealersByIds, useModelListings, usePriceIndicators } from '@/data/catalogue';
import { formatDate, formatGBP, formatMph, formatZeroTo62 } from '@/shared/lib/format';
import { BODY_STYLE_LABELS, DRIVETRAIN_LABELS, GEARBOX_LABELS, fuelLabel } from '@/domain/uk';
import { href } from '@/shared/lib/routes';
import { useCatalogueArriving } from '@/sync';
import { ButtonLink, LoadingBlock, PageHeader } from '@/shared/ui';
import {
  BookmarkButton,
  ModelPicture,
  CompareButton,
  ListingCard,
  ModelCard,
  economyLabel,
  RunningCosts,
  NcapStars,
  ScorePill,
  useModelEntries,
  CarNotFound,
} from '@/entities/car';
import { matchesName } from '../match-name';
import { forSaleLabel, heldNote } from '../stock-labels';

const SECTION_TITLES: Record<string, string> = {
  driving: 'Driving',
  interior: 'Interior',
  practicality: 'Practicality',
  running_costs: 'Running costs',
  safety: 'Safety',
};

export function ModelScreen({ brandName, modelName }: { brandName: string; modelName: string }) {
  const data = useModelEntries();
  const profile = useProfile();
  // During the first download a real page may simply not have arrived yet: wait rather than say "not found".
  const arriving = useCatalogueArriving();
  const brand = data?.basics.brands.find((b) => matchesName(b.slug, b.name, brandName));
  const model = brand
    ? data?.basics.models.find((m) => m.brand_id === brand.id && matchesName(m.slug, m.name, modelName))
    : undefined;
  const listings = useModelListings(model?.id, 6);
  const indicators = usePriceIndicators(listings?.rows);
  const dealers = useDealersByIds(listings?.rows.map((l) => l.dealer_id) ?? []);
  const similar = useMemo(() => {
    if (!data || !model) return [];
    return data.entries
      .filter((e) => e.model.id !== model.id && e.model.body_style === model.body_style)
      .sort((a, b) => Math.abs(a.model.price_from - model.price_from) - Math.abs(b.model.price_from - model.price_from))
      .slice(0, 4);
  }, [data, model]);
  if (!data) return <LoadingBlock />;
  if ((!brand || !model) && arriving) return <LoadingBlock label="Downloading the catalogue…" />;
  if (!brand || !model)
    return <CarNotFound title="Model not found" action={{ to: href.browse(), label: 'Browse all cars' }} />;
  const review = data.basics.reviewByModel.get(model.id);
  const name = `${brand.name} ${model.name}`;
  const specs: [string, string][] = [
    ['Price from', formatGBP(model.price_from)],
    ['Body', BODY_STYLE_LABELS[model.body_style]],
    ['Fuel', fuelLabel(model.fuel_type)],
    [model.fuel_type === 'electric' ? 'Range' : 'Economy', economyLabel(model) || 'Not published'],
    ['CO2', `${model.co2_gkm} g/km`],
    ['Power', model.power_bhp ? `${model.power_bhp} bhp` : '–'],
    ['Acceleration', formatZeroTo62(model.zero_to_62) || '–'],
    ['Top speed', formatMph(model.top_speed_mph) || '–'],
    ['Gearbox', GEARBOX_LABELS[model.gearbox]],
    ['Drive', DRIVETRAIN_LABELS[model.drivetrain]],
    ['Seats', String(model.seats)],
    ['Boot', model.boot_litres ? `${model.boot_litres} litres` : '–'],
  ];
  if (model.battery_kwh) specs.push(['Battery', `${model.battery_kwh} kWh`]);
  if (model.engine_cc) specs.push(['Engine', `${model.engine_cc.toLocaleString('en-GB')} cc`]);
  if (model.towing_kg) specs.push(['Towing', `${model.towing_kg.toLocaleString('en-GB')} kg`]);
  return (
    <div className="container page cat-page">
      <nav aria-label="Breadcrumb" className="cat-muted cat-small">
        <Link to={href.browse()}>Browse cars</Link> › <Link to={href.brand(brand.slug)}>{brand.name}</Link>
      </nav>
      <PageHeader
        eyebrow={`${brand.name} · ${BODY_STYLE_LABELS[model.body_style]}`}
        title={name}
        intro={review?.title ?? model.description}
      />
      <div className="cat-detail">
        <div className="cat-section">
          <div className="cat-gallery__main">
            <ModelPicture
              eager
              model={model}
              brand={brand}
              backdrop="showroom"
              alt={`${name}, front three-quarter view`}
            />
          </div>
          {review && (
            <section className="cat-panel cat-review" aria-labelledby="review-h">
              <div className="cat-card__row">
                <h2 id="review-h">Expert review</h2>
                <ScorePill score={review.cs_score} />
              </div>
              <p className="cat-muted cat-small">
                By {review.author}
                {review.published_at ? `, ${formatDate(review.published_at)}` : ''}
              </p>
              <p>
                <strong>Verdict:</strong> {review.verdict}
              </p>
              <div className="halves">
                <div>
                  <h3>Pros</h3>
                  <ul className="cat-list cat-pros">
                    {review.pros.map((p) => (
                      <li key={p}>{p}</li>
                    ))}
                  </ul>
                </div>
                <div>
                  <h3>Cons</h3>
                  <ul className="cat-list cat-cons">
                    {review.cons.map((c) => (
                      <li key={c}>{c}</li>
                    ))}
                  </ul>
                </div>
              </div>
              {Object.entries(review.sections ?? {}).map(([k, text]) => (
                <div key={k}>
                  <h3>{SECTION_TITLES[k] ?? k}</h3>
                  <p>{text}</p>
                </div>
              ))}
            </section>
          )}
          <section className="cat-panel" aria-labelledby="spec-h">
            <h2 id="spec-h">Specifications</h2>
            <dl className="cat-spec">
              {specs.map(([k, v]) => (
                <div key={k}>
                  <dt>{k}</dt>
                  <dd>{v}</dd>
                </div>
              ))}
              <div>
                <dt>Euro NCAP</dt>
                <dd>
                  <NcapStars stars={model.ncap_stars} year={model.ncap_year} />
                </dd>
              </div>
            </dl>
          </section>
          <RunningCosts
            fuel={model.fuel_type}
            co2={model.co2_gkm}
            listPrice={model.price_from}
            firstRegistered={`${new Date().getFullYear()}-${String(new Date().getMonth() + 1).padStart(2, '0')}-01`}
            mpg={model.mpg}
            miPerKwh={model.mi_per_kwh}
            evRangeMiles={model.ev_range_miles}
            insuranceGroup={model.insurance_group}
            euroStandard={model.euro_standard}
            profileAnnualMiles={profile?.annual_mileage}
          />
        </div>
        <aside className="cat-aside" aria-label="Actions">
          <div className="cat-panel">
            <p className="cat-muted" style={{ margin: 0 }}>
              On the road from
            </p>
            <p className="cat-bigprice">{formatGBP(model.price_from)}</p>
            <div className="cat-actions">
              <BookmarkButton target={{ carModelId: model.id }} label={name} />
              <CompareButton item={{ kind: 'model', id: model.id }} label={name} />
            </div>
            <ButtonLink variant="primary" to={`${href.marketplace()}?make=${brand.slug}&model=${model.slug}`}>
              {forSaleLabel(model.name, listings)}
            </ButtonLink>
          </div>
        </aside>
      </div>
      {listings && listings.rows.length > 0 && (
        <section className="cat-section" aria-labelledby="listings-h">
          <h2 id="listings-h">{model.name} for sale</h2>
          {listings.source === 'device' && (
            <p className="cat-muted cat-small" data-testid="model-listings-offline">
              {heldNote(listings.total)}
            </p>
          )}
          <div className="cat-grid">
            {listings.rows.map((l) => (
              <ListingCard
                key={l.id}
                listing={l}
                indicator={indicators?.[l.id]}
                town={dealers?.get(l.dealer_id)?.town}
              />
            ))}
          </div>
        </section>
      )}
      {similar.length > 0 && (
        <section className="cat-section" aria-labelledby="similar-h">
          <h2 id="similar-h">Similar models</h2>
          <div className="cat-grid">
            {similar.map((e) => (
              <ModelCard key={e.model.id} model={e.model} brand={e.brand} score={e.score} />
            ))}
          </div>
        </section>
      )}
    </div>
  );
}
