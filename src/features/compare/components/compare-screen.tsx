import { useEffect, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import '../compare.css';
import {
  annualTaxFor,
  representativeMonthly,
  useCatalogueModels,
  useListingsByIds,
  type CarModelRow,
  type ListingRow,
  type BrandRow,
} from '@/data/catalogue';
import { formatGBP, formatMiles } from '@/shared/lib/format';
import { BODY_STYLE_LABELS, annualEnergyCost, fuelLabel, ulezStatus, vedFor, GEARBOX_LABELS } from '@/domain/uk';
import { href } from '@/shared/lib/routes';
import { Button, ButtonLink, CarIcon, EmptyState, LoadingBlock, PageHeader } from '@/shared/ui';
import { useListingsOnDemand } from '@/sync';
import {
  COMPARE_MAX,
  ModelPicture,
  NcapStars,
  bestIndexes,
  decodeCompareItems,
  encodeCompareItems,
  useCatalogueStore,
  type CompareItem,
} from '@/entities/car';

interface Column {
  item: CompareItem;
  name: string;
  to: string;
  model: CarModelRow;
  brand?: BrandRow;
  listing?: ListingRow;
}

interface Row {
  label: string;
  values: (number | null)[];
  show: (v: number | null, c: Column) => ReactNode;
  better?: 'lower' | 'higher';
}

export function CompareScreen() {
  const [params, setParams] = useSearchParams();
  const stored = useCatalogueStore((s) => s.compare);
  const setCompare = useCatalogueStore((s) => s.setCompare);
  const remove = useCatalogueStore((s) => s.removeFromCompare);
  const miles = useCatalogueStore((s) => s.annualMiles);
  const fromUrl = params.get('items');
  const items = fromUrl !== null ? decodeCompareItems(fromUrl) : stored;

  // The URL wins when it was shared; otherwise the URL follows the locally kept list.
  useEffect(() => {
    if (fromUrl !== null) {
      if (encodeCompareItems(stored) !== encodeCompareItems(items)) setCompare(items);
    } else if (stored.length > 0) {
      setParams({ items: encodeCompareItems(stored) }, { replace: true });
    }
  }, [fromUrl, stored, items, setCompare, setParams]);

  const basics = useCatalogueModels();
  const listingIds = items.filter((i) => i.kind === 'listing').map((i) => i.id);
  const listings = useListingsByIds(listingIds);
  // A shared compare link can name cars this device has not got: each is fetched before the table shows.
  const arriving = useListingsOnDemand(listingIds, listings);
  if (!basics || !listings) return <LoadingBlock />;
  if (arriving.size > 0) return <LoadingBlock label="Fetching the cars to compare…" />;

  const columns: Column[] = [];
  for (const item of items) {
    const listing = item.kind === 'listing' ? listings.get(item.id) : undefined;
    const model = basics.modelById.get(listing ? listing.car_model_id : item.id);
    if (!model) continue;
    const brand = basics.brandById.get(model.brand_id);
    columns.push({
      item,
      model,
      brand,
      listing,
      name: listing ? listing.title : `${brand?.name ?? ''} ${model.name}`,
      to: listing ? href.listing(listing.id) : href.model(brand?.slug ?? '', model.slug),
    });
  }
  const drop = (item: CompareItem) => {
    remove(item);
    const next = items.filter((i) => !(i.kind === item.kind && i.id === item.id));
    setParams(next.length ? { items: encodeCompareItems(next) } : {}, { replace: false });
  };

  if (columns.length === 0)
    return (
      <div className="container page cat-page">
        <PageHeader title="Compare cars" intro={`Put up to ${COMPARE_MAX} models or listings side by side.`} />
        <EmptyState
          icon={<CarIcon size={26} />}
          title="Nothing to compare yet"
          description="Use “Compare” on any car to add it here. Your list is kept on this device."
          actions={<ButtonLink to={href.browse()}>Browse cars</ButtonLink>}
        />
      </div>
    );

  const gbp = (v: number | null) => (v === null ? '–' : formatGBP(v));
  const reg = (c: Column) => c.listing?.registration_date ?? `${c.listing?.year ?? new Date().getFullYear()}-07-01`;
  const rows: Row[] = [
    {
      label: 'Price',
      values: columns.map((c) => c.listing?.price ?? c.model.price_from),
      show: (v, c) => `${c.listing ? '' : 'From '}${gbp(v)}`,
      better: 'lower',
    },
    {
      label: 'Monthly (representative)',
      values: columns.map((c) => representativeMonthly(c.listing?.price ?? c.model.price_from)),
      show: (v) => `${gbp(v)}/mo`,
      better: 'lower',
    },
    {
      label: 'Mileage',
      values: columns.map((c) => c.listing?.mileage ?? null),
      show: (v) => (v === null ? 'New' : formatMiles(v)),
      better: 'lower',
    },
    {
      label: 'Year',
      values: columns.map((c) => c.listing?.year ?? c.model.model_year),
      show: (v) => String(v),
      better: 'higher',
    },
    {
      label: 'Economy (mpg)',
      values: columns.map((c) => c.model.mpg),
      show: (v) => (v === null ? '–' : `${v} mpg`),
      better: 'higher',
    },
    {
      label: 'Electric range',
      values: columns.map((c) => c.model.ev_range_miles),
      show: (v) => (v === null ? '–' : `${v} miles`),
      better: 'higher',
    },
    {
      label: '0-62 mph',
      values: columns.map((c) => c.model.zero_to_62),
      show: (v) => (v === null ? '–' : `${v}s`),
      better: 'lower',
    },
    {
      label: 'Power',
      values: columns.map((c) => c.model.power_bhp),
      show: (v) => (v === null ? '–' : `${v} bhp`),
      better: 'higher',
    },
    {
      label: 'Boot',
      values: columns.map((c) => c.model.boot_litres),
      show: (v) => (v === null ? '–' : `${v} litres`),
      better: 'higher',
    },
    { label: 'Seats', values: columns.map((c) => c.model.seats), show: (v) => String(v), better: 'higher' },
    { label: 'CO2', values: columns.map((c) => c.model.co2_gkm), show: (v) => `${v} g/km`, better: 'lower' },
    {
      label: 'VED a year',
      values: columns.map((c) =>
        c.listing
          ? annualTaxFor(c.listing, c.model.price_from)
          : vedFor({
              co2: c.model.co2_gkm,
              fuel: c.model.fuel_type,
              listPrice: c.model.price_from,
              firstRegistered: '2025-07-01',
            }).dueThisYear,
      ),
      show: gbp,
      better: 'lower',
    },
    {
      label: `Fuel or energy a year (${miles.toLocaleString('en-GB')} miles)`,
      values: columns.map(
        (c) =>
          annualEnergyCost({
            fuel: c.model.fuel_type,
            mpg: c.model.mpg,
            miPerKwh: c.model.mi_per_kwh,
            milesPerYear: miles,
          })?.pounds ?? null,
      ),
      show: gbp,
      better: 'lower',
    },
    {
      label: 'Insurance group',
      values: columns.map((c) => c.listing?.insurance_group ?? c.model.insurance_group),
      show: (v) => (v === null ? '–' : `${v} of 50`),
      better: 'lower',
    },
    {
      label: 'Euro NCAP',
      values: columns.map((c) => c.model.ncap_stars),
      show: (_v, c) => <NcapStars stars={c.model.ncap_stars} year={c.model.ncap_year} />,
      better: 'higher',
    },
    {
      label: 'London ULEZ',
      values: columns.map((c) =>
        ulezStatus({
          fuel: c.model.fuel_type,
          euroStandard: c.listing ? null : c.model.euro_standard,
          firstRegistered: reg(c),
        }).compliant
          ? 1
          : 0,
      ),
      show: (_v, c) =>
        ulezStatus({
          fuel: c.model.fuel_type,
          euroStandard: c.listing ? null : c.model.euro_standard,
          firstRegistered: reg(c),
        }).label,
      better: 'higher',
    },
  ];

  return (
    <div className="container page cat-page">
      <PageHeader
        title="Compare cars"
        intro={`${columns.length} of ${COMPARE_MAX} cars. The best figure in each row is highlighted. Share this page's link to share the comparison.`}
      />
      <div className="cat-table-wrap">
        <table className="cat-table cmp-table" data-testid="compare-table">
          <caption className="sr-only">Side-by-side comparison</caption>
          <thead>
            <tr>
              <td className="cmp-label" />
              {columns.map((c) => (
                <th key={`${c.item.kind}:${c.item.id}`} scope="col" className="cat-compare-col">
                  <ModelPicture model={c.model} brand={c.brand} colour={c.listing?.colour} />
                  <Link to={c.to}>{c.name}</Link>
                  <div className="cat-muted cat-small">
                    {c.listing ? 'Listing' : 'Model'} · {BODY_STYLE_LABELS[c.model.body_style]} ·{' '}
                    {fuelLabel(c.model.fuel_type)} · {GEARBOX_LABELS[c.model.gearbox]}
                  </div>
                  <Button
                    size="sm"
                    variant="ghost"
                    onClick={() => drop(c.item)}
                    aria-label={`Remove ${c.name} from compare`}
                  >
                    Remove
                  </Button>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => {
              const best = r.better ? bestIndexes(r.values, r.better) : [];
              return (
                <tr key={r.label}>
                  <th scope="row" className="cmp-label">
                    {r.label}
                  </th>
                  {columns.map((c, i) => (
                    <td
                      key={`${c.item.kind}:${c.item.id}`}
                      className={best.includes(i) ? 'cat-best' : undefined}
                      data-best={best.includes(i) || undefined}
                    >
                      {r.show(r.values[i], c)}
                      {best.includes(i) && <span className="sr-only"> (best)</span>}
                    </td>
                  ))}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </div>
  );
}
