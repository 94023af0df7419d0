import { useEffect, useMemo, type ReactNode } from 'react';
import '../marketplace.css';
import { useSearchParams } from 'react-router-dom';
import {
  REPRESENTATIVE_FINANCE,
  useCatalogueBasics,
  useDealersByIds,
  useListingCount,
  useListingSearch,
  usePriceIndicators,
  useReductions,
} from '@/data/catalogue';
import { useProfile } from '@/data';
import { Button, EmptyState, PageHeader, Skeleton, CarIcon, SpaLinks, VirtualGrid } from '@/shared/ui';
import {
  BodyStyleFilter,
  CheckGroup,
  FilterLayout,
  FuelFilter,
  GearboxFilter,
  InsuranceFilter,
  ListingCard,
  Pagination,
  PostcodeForm,
  SeatsFilter,
  SelectFilter,
  UlezFilter,
  moneyOptions,
  num,
  PAGE_SIZE_DEFAULT,
  PAGE_SIZES,
} from '@/entities/car';
import {
  EMPTY_MARKET_FILTERS,
  MARKET_SORT_LABELS,
  MARKET_SORTS,
  RADIUS_OPTIONS,
  activeMarketFilterCount,
  normalisePostcode,
  homePostcodeOffer,
  parseMarketFilters,
  serializeMarketFilters,
  updateMarketFilters,
  type MarketFilters,
} from '../market-filters';
import { ViewToggle, useResultsView } from './results-view';
import { useStableResults } from './use-stable-results';
import { useCatalogueArriving } from '@/sync';

// Built once: the screen re-renders on every live catalogue change.
const MIN_PRICE_OPTIONS = moneyOptions([1000, 3000, 5000, 8000, 10000, 15000, 20000, 30000, 40000]);
const MAX_PRICE_OPTIONS = moneyOptions([5000, 8000, 10000, 15000, 20000, 25000, 30000, 40000, 50000, 75000]);
const MONTHLY_OPTIONS = moneyOptions([150, 200, 250, 300, 400, 500, 750, 1000]);

const COLOURS = ['black', 'blue', 'bronze', 'green', 'grey', 'orange', 'red', 'silver', 'white', 'yellow'];
const THIS_YEAR = new Date().getFullYear();
const YEARS = Array.from({ length: 15 }, (_, i) => THIS_YEAR - i).map((y) => ({ value: String(y), label: String(y) }));

export interface MarketplaceScreenProps {
  /** Slot under the header for the saved-searches strip (wired by the saved-searches feature). */
  savedSearches?: ReactNode;
  /** Shows only this dealer's stock (the dealer page): no page header, the dealer is not a URL filter. */
  dealerId?: string;
}

export function MarketplaceScreen({ savedSearches, dealerId }: MarketplaceScreenProps = {}) {
  const [params, setParamsRaw] = useSearchParams();
  const filters = useMemo(
    () => (dealerId ? { ...parseMarketFilters(params), dealer: dealerId } : parseMarketFilters(params)),
    [params, dealerId],
  );
  // On the dealer page the dealer comes from the path, so it stays out of the query string.
  const setParams = (next: URLSearchParams) => {
    if (dealerId) next.delete('dealer');
    setParamsRaw(next);
  };
  const homePostcode = useProfile()?.home_postcode;
  const arriving = useCatalogueArriving();
  const stable = useStableResults(serializeMarketFilters(filters).toString(), useListingSearch(filters), arriving);
  const page = stable.page;
  const total = useListingCount();
  const basics = useCatalogueBasics();
  const indicators = usePriceIndicators(page?.rows);
  const reductions = useReductions(page?.rows.map((r) => r.id) ?? []);
  const dealers = useDealersByIds(page?.rows.map((r) => r.dealer_id) ?? []);

  const [view, setView] = useResultsView();
  const apply = (patch: Partial<MarketFilters>) =>
    setParams(serializeMarketFilters(updateMarketFilters(filters, patch)));
  const active = activeMarketFilterCount(dealerId ? { ...filters, dealer: undefined } : filters);

  useEffect(() => {
    if (filters.page > 1) window.scrollTo({ top: 0 });
  }, [filters.page]);

  const brandOptions = (basics?.brands ?? []).map((b) => ({ value: b.slug, label: b.name }));
  const brand = basics?.brands.find((b) => b.slug === filters.make);
  const modelOptions = brand
    ? (basics?.models ?? [])
        .filter((m) => m.brand_id === brand.id)
        .sort((a, b) => a.name.localeCompare(b.name))
        .map((m) => ({ value: m.slug, label: m.name }))
    : [];

  return (
    <div className={dealerId ? 'cat-section' : 'container page cat-page'}>
      {!dealerId && (
        <PageHeader
          eyebrow="Used and nearly-new cars"
          title="Marketplace"
          intro="Cars for sale from UK dealers. Every price includes any admin fee, and our price indicator shows how each compares with similar cars."
        />
      )}
      {savedSearches}
      <FilterLayout
        toggleLabel={`Filters${active > 0 ? ` (${active})` : ''}`}
        open={typeof window !== 'undefined' && window.matchMedia?.('(min-width: 1024px)').matches ? true : undefined}
        countId="results-heading"
        count={
          total === 0
            ? 'Downloading the catalogue…'
            : page
              ? `${page.total.toLocaleString('en-GB')} ${page.total === 1 ? 'car' : 'cars'} found`
              : 'Searching…'
        }
        sort={
          <div className="cat-results__tools">
            <ViewToggle view={view} onChange={setView} />
            <SelectFilter
              label="Per page"
              value={filters.pageSize === PAGE_SIZE_DEFAULT ? undefined : String(filters.pageSize)}
              anyLabel={String(PAGE_SIZE_DEFAULT)}
              options={PAGE_SIZES.filter((n) => n !== PAGE_SIZE_DEFAULT).map((n) => ({
                value: String(n),
                label: n.toLocaleString('en-GB'),
              }))}
              onChange={(v) => apply({ pageSize: v ? Number(v) : PAGE_SIZE_DEFAULT })}
              testId="page-size"
            />
            <SelectFilter
              label="Sort by"
              value={filters.sort === 'relevance' ? undefined : filters.sort}
              anyLabel={MARKET_SORT_LABELS.relevance}
              options={MARKET_SORTS.filter((s) => s !== 'relevance' && (s !== 'distance' || filters.postcode)).map(
                (s) => ({ value: s, label: MARKET_SORT_LABELS[s] }),
              )}
              onChange={(v) => apply({ sort: (v as MarketFilters['sort']) ?? 'relevance' })}
              testId="sort"
            />
          </div>
        }
        filters={
          <>
            <PostcodeFilter filters={filters} onApply={apply} error={page?.postcodeError} homePostcode={homePostcode} />
            <SelectFilter
              label="Make"
              value={filters.make}
              options={brandOptions}
              onChange={(v) => apply({ make: v })}
              anyLabel="Any make"
              testId="filter-make"
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
              options={[10000, 20000, 30000, 40000, 60000, 80000, 100000].map((v) => ({
                value: String(v),
                label: `${v.toLocaleString('en-GB')} miles`,
              }))}
              onChange={(v) => apply({ mileageMax: num(v) })}
            />
            <BodyStyleFilter legend="Body type" filters={filters} onApply={apply} />
            <FuelFilter filters={filters} onApply={apply} />
            <GearboxFilter filters={filters} onApply={apply} />
            <CheckGroup
              legend="Colour"
              options={COLOURS.map((c) => ({ value: c, label: c[0].toUpperCase() + c.slice(1) }))}
              selected={filters.colour}
              onChange={(colour) => apply({ colour })}
            />
            <SeatsFilter filters={filters} onApply={apply} />
            <SelectFilter
              label="Annual tax (VED)"
              value={filters.taxMax?.toString()}
              options={[20, 200, 300, 700].map((v) => ({ value: String(v), label: `Up to £${v}` }))}
              onChange={(v) => apply({ taxMax: num(v) })}
            />
            <InsuranceFilter filters={filters} onApply={apply} />
            <UlezFilter
              filters={filters}
              onApply={apply}
              hint="Likely compliance, worked out from fuel and first registration."
            />
            {active > 0 && (
              <Button
                variant="ghost"
                onClick={() => setParams(serializeMarketFilters({ ...EMPTY_MARKET_FILTERS, sort: filters.sort }))}
              >
                Clear all filters
              </Button>
            )}
          </>
        }
      >
        {!page || total === 0 ? (
          // Loading, or nothing on the device yet: placeholders as tall as a page of cards, so nothing
          // below them moves into view and back when the cars arrive (layout shift).
          <div className="cat-grid">
            {Array.from({ length: 6 }, (_, i) => (
              <Skeleton key={i} height={320} />
            ))}
          </div>
        ) : page.total === 0 ? (
          <EmptyState
            icon={<CarIcon size={26} />}
            title="No cars match these filters"
            description="Try a wider radius, a higher budget or fewer filters."
          />
        ) : (
          <>
            {stable.more > 0 && (
              <div className="cat-more" role="status" data-testid="more-cars">
                <span>
                  {stable.more.toLocaleString('en-GB')} more {stable.more === 1 ? 'car' : 'cars'} available
                </span>
                <Button size="sm" variant="secondary" onClick={stable.refresh}>
                  Show latest results
                </Button>
              </div>
            )}
            <SpaLinks>
              <VirtualGrid
                items={page.rows}
                getKey={(l) => l.id}
                className={view === 'list' ? 'cat-grid cat-grid--list' : 'cat-grid'}
                testId="listing-results"
                data={{ view }}
                minColumnWidth={view === 'list' ? null : 250}
                estimateRowHeight={view === 'list' ? 150 : 430}
                renderItem={(l) => (
                  <ListingCard
                    listing={l}
                    indicator={indicators?.[l.id]}
                    reduction={reductions?.[l.id]}
                    miles={page.dealerMiles[l.dealer_id]}
                    town={dealers?.get(l.dealer_id)?.town}
                  />
                )}
              />
            </SpaLinks>
            <p className="cat-muted cat-small">
              *Representative monthly price: hire purchase with a {REPRESENTATIVE_FINANCE.depositShare * 100}% deposit
              over {REPRESENTATIVE_FINANCE.termMonths} months at {REPRESENTATIVE_FINANCE.apr}% APR. Open a car to work
              out your own.
            </p>
            <Pagination
              page={filters.page}
              pageSize={filters.pageSize}
              total={page.total}
              onPage={(p) => apply({ page: p })}
            />
          </>
        )}
      </FilterLayout>
    </div>
  );
}

function PostcodeFilter({
  filters,
  onApply,
  error,
  homePostcode,
}: {
  filters: MarketFilters;
  onApply: (p: Partial<MarketFilters>) => void;
  error?: string;
  homePostcode?: string | null;
}) {
  const offer = homePostcodeOffer(filters.postcode, homePostcode);
  // With no postcode in the URL the field starts with the home postcode; nothing is searched until applied.
  const initial = filters.postcode ?? offer ?? '';
  const submit = (text: string) => {
    if (text.trim() === '') {
      onApply({ postcode: undefined });
      return undefined;
    }
    const pc = normalisePostcode(text);
    if (!pc) return 'Please enter a valid UK postcode, like LS1 4AP.';
    onApply({ postcode: pc, radius: filters.radius ?? 50 });
    return undefined;
  };
  return (
    <PostcodeForm
      id="mp-postcode"
      label="Your postcode"
      ariaLabel="Distance from postcode"
      role="search"
      className="cat-filter cat-postcode"
      placeholder="e.g. LS1 4AP"
      testId="filter-postcode"
      initial={initial}
      onPostcode={submit}
      error={error}
      actions={
        offer && (
          <Button
            type="button"
            variant="ghost"
            onClick={() => onApply({ postcode: offer, radius: filters.radius ?? 50 })}
            data-testid="use-home-postcode"
          >
            Use my postcode ({offer})
          </Button>
        )
      }
    >
      {filters.postcode && (
        <SelectFilter
          label="Distance"
          value={filters.radius?.toString()}
          anyLabel="National"
          options={RADIUS_OPTIONS.map((r) => ({ value: String(r), label: `Within ${r} miles` }))}
          onChange={(v) => onApply({ radius: num(v) })}
          testId="filter-radius"
        />
      )}
    </PostcodeForm>
  );
}
