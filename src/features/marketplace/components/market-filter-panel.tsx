// The marketplace's filters, in the sidebar (desktop) or the filter sheet (phones and tablets). Every
// change is applied at once: the results and the sheet's "Show N cars" follow it.
import { REPRESENTATIVE_FINANCE, useBrandListingCounts, type CatalogueModels } from '@/data/catalogue';
import { Button } from '@/shared/ui';
import {
  BodyStyleFilter,
  BrandPicker,
  CheckGroup,
  FuelFilter,
  GearboxFilter,
  InsuranceFilter,
  SeatsFilter,
  SelectFilter,
  UlezFilter,
  moneyOptions,
  num,
} from '@/entities/car';
import type { SearchFacets } from '@/data/catalogue/query';
import type { MarketFilters } from '../market-filters';
import { PostcodeFilter } from './postcode-filter';
import { formatCount } from '@/shared/lib/format';

// Built once: the screen re-renders on every live catalogue change.
const MIN_PRICE_OPTIONS = moneyOptions([1000, 3000, 5000, 8000, 10000, 15000, 20000, 30000, 40000]);
const MAX_PRICE_OPTIONS = moneyOptions([5000, 8000, 10000, 15000, 20000, 25000, 30000, 40000, 50000, 75000]);
const MONTHLY_OPTIONS = moneyOptions([150, 200, 250, 300, 400, 500, 750, 1000]);
const MILEAGE_OPTIONS = [10000, 20000, 30000, 40000, 60000, 80000, 100000].map((v) => ({
  value: String(v),
  label: `${formatCount(v)} miles`,
}));
const TAX_OPTIONS = [20, 200, 300, 700].map((v) => ({ value: String(v), label: `Up to £${v}` }));

const COLOURS = ['black', 'blue', 'bronze', 'green', 'grey', 'orange', 'red', 'silver', 'white', 'yellow'];
const COLOUR_OPTIONS = COLOURS.map((c) => ({ value: c, label: c[0].toUpperCase() + c.slice(1) }));
const THIS_YEAR = new Date().getFullYear();
const YEARS = Array.from({ length: 15 }, (_, i) => THIS_YEAR - i).map((y) => ({ value: String(y), label: String(y) }));

export interface MarketFilterPanelProps {
  filters: MarketFilters;
  apply: (patch: Partial<MarketFilters>) => void;
  basics: CatalogueModels | undefined;
  postcodeError?: string;
  homePostcode?: string | null;
  /** Shown once a filter is applied. */
  onClearAll?: () => void;
  /** The results have answered (the brand counts wait for it, so the two requests do not compete). */
  searched: boolean;
  /** The server's counts for this search (each facet with the other filters applied), when online. */
  facets?: SearchFacets | null;
}

export function MarketFilterPanel({
  filters,
  apply,
  basics,
  postcodeError,
  homePostcode,
  onClearAll,
  searched,
  facets,
}: MarketFilterPanelProps) {
  const stock = useBrandListingCounts(searched && !facets);
  // The server's make facet counts cars with every other filter applied; else each brand's whole stock.
  const byMake = facets && new Map(facets.make.map((f) => [f.value, f.count]));
  const counts =
    byMake || stock
      ? Object.fromEntries(
          (basics?.brands ?? []).map((b) => [b.id, byMake ? (byMake.get(b.slug) ?? 0) : (stock?.[b.id] ?? 0)]),
        )
      : undefined;
  const brand = basics?.brands.find((b) => b.slug === filters.make);
  // Brands with nothing for sale are left out once the counts are in (a chosen one always stays).
  const brandOptions = (basics?.brands ?? [])
    .filter((b) => !counts || (counts[b.id] ?? 0) > 0 || b.slug === filters.make)
    .map((b) => ({ value: b.slug, label: b.name, count: counts ? (counts[b.id] ?? 0) : undefined }));
  const modelOptions = brand
    ? (basics?.models ?? [])
        .filter((m) => m.brand_id === brand.id)
        .sort((a, b) => a.name.localeCompare(b.name))
        .map((m) => ({ value: m.slug, label: m.name }))
    : [];

  return (
    <>
      <PostcodeFilter filters={filters} onApply={apply} error={postcodeError} homePostcode={homePostcode} />
      <BrandPicker
        legend="Make"
        anyLabel="Any make"
        options={brandOptions}
        selected={filters.make ? [filters.make] : []}
        multiple={false}
        countNoun={['car', 'cars']}
        onChange={([make]) => apply({ make })}
      />
      <SelectFilter
        label="Model"
        value={filters.model}
        options={modelOptions}
        onChange={(v) => apply({ model: v })}
        anyLabel={brand ? 'Any model' : 'Choose a make first'}
        testId="filter-model"
      />
      <fieldset className="cat-filter cat-checks">
        <legend className="cat-filter__label">Price</legend>
        <div className="cat-segment" role="radiogroup" aria-label="Price type">
          {(['cash', 'monthly'] as const).map((mode) => (
            <label key={mode} className="cat-check">
              <input
                type="radio"
                name="price-mode"
                checked={filters.priceMode === mode}
                onChange={() => apply({ priceMode: mode })}
              />
              <span>{mode === 'cash' ? 'Cash price' : 'Monthly'}</span>
            </label>
          ))}
        </div>
        {filters.priceMode === 'cash' ? (
          <div className="cat-pair">
            <SelectFilter
              label="Min price"
              value={filters.priceMin?.toString()}
              options={MIN_PRICE_OPTIONS}
              onChange={(v) => apply({ priceMin: num(v) })}
              anyLabel="No min"
            />
            <SelectFilter
              label="Max price"
              value={filters.priceMax?.toString()}
              options={MAX_PRICE_OPTIONS}
              onChange={(v) => apply({ priceMax: num(v) })}
              anyLabel="No max"
              testId="filter-price-max"
            />
          </div>
        ) : (
          <>
            <SelectFilter
              label="Max per month"
              value={filters.monthlyMax?.toString()}
              options={MONTHLY_OPTIONS}
              onChange={(v) => apply({ monthlyMax: num(v) })}
              anyLabel="No max"
            />
            <p className="cat-muted cat-small">
              Representative example: hire purchase, {REPRESENTATIVE_FINANCE.depositShare * 100}% deposit,{' '}
              {REPRESENTATIVE_FINANCE.termMonths} months, {REPRESENTATIVE_FINANCE.apr}% APR.
            </p>
          </>
        )}
      </fieldset>
      <div className="cat-pair">
        <SelectFilter
          label="Year from"
          value={filters.yearMin?.toString()}
          options={[...YEARS].reverse()}
          onChange={(v) => apply({ yearMin: num(v) })}
        />
        <SelectFilter
          label="Year to"
          value={filters.yearMax?.toString()}
          options={YEARS}
          onChange={(v) => apply({ yearMax: num(v) })}
        />
      </div>
      <SelectFilter
        label="Max mileage"
        value={filters.mileageMax?.toString()}
        options={MILEAGE_OPTIONS}
        onChange={(v) => apply({ mileageMax: num(v) })}
      />
      <BodyStyleFilter legend="Body type" filters={filters} onApply={apply} />
      <FuelFilter filters={filters} onApply={apply} />
      <GearboxFilter filters={filters} onApply={apply} />
      <CheckGroup
        legend="Colour"
        options={COLOUR_OPTIONS}
        selected={filters.colour}
        onChange={(colour) => apply({ colour })}
      />
      <SeatsFilter filters={filters} onApply={apply} />
      <SelectFilter
        label="Annual tax (VED)"
        value={filters.taxMax?.toString()}
        options={TAX_OPTIONS}
        onChange={(v) => apply({ taxMax: num(v) })}
      />
      <InsuranceFilter filters={filters} onApply={apply} />
      <UlezFilter
        filters={filters}
        onApply={apply}
        hint="Likely compliance, worked out from fuel and first registration."
      />
      {onClearAll && (
        <Button variant="ghost" onClick={onClearAll}>
          Clear all filters
        </Button>
      )}
    </>
  );
}
