import { memo, useCallback, useDeferredValue, useEffect, useMemo, type ReactNode } from 'react';
import '../marketplace.css';
import { useSearchParams } from 'react-router-dom';
import {
  REPRESENTATIVE_FINANCE,
  useCatalogueModels,
  useDealersByIds,
  usePriceIndicators,
  useReductions,
  type ListingRow,
} from '@/data/catalogue';
import { queryKey } from '@/data/catalogue/filters';
import { useListingQuery } from '@/data/catalogue/query';
import { useProfile } from '@/data/preferences';
import { noteSearchDone } from '@/shared/lib/search-quiet';
import { Button, EmptyState, PageHeader, Skeleton, CarIcon, SpaLinks, VirtualGrid } from '@/shared/ui';
import { AppliedFilters, FilterLayout, ListingCard, SelectFilter, PAGE_SIZE_DEFAULT, PAGE_SIZES } from '@/entities/car';
import {
  EMPTY_MARKET_FILTERS,
  MARKET_SORT_LABELS,
  MARKET_SORTS,
  parseMarketFilters,
  serializeMarketFilters,
  updateMarketFilters,
  type MarketFilters,
} from '../market-filters';
import { marketFilterChips } from '../market-chips';
import { MarketFilterPanel } from './market-filter-panel';
import { ViewToggle, useResultsView } from './results-view';
import { coverageStatus, offlineInvite, sheetTotal } from '../coverage-status';
import { rememberShown, shownBefore, useMoreOnScroll } from './use-more-on-scroll';
import { useFirstScreen, useTrailing } from './use-first-screen';
import { useLiveSearch } from './use-live-search';
import { useKept } from './use-kept';
import { formatCount } from '@/shared/lib/format';

export interface MarketplaceScreenProps {
  /** Slot under the header for the saved-searches strip (wired by the saved-searches feature). */
  savedSearches?: ReactNode;
  /** Shows only this dealer's stock (the dealer page): no page header, the dealer is not a URL filter. */
  dealerId?: string;
}

const listingKey = (l: ListingRow): string => l.id;
/** Where the results list starts on the page (px), when it is on show: the first screen then counts from it. */
const resultsTop = (): number => {
  const list = document.querySelector('[data-list="results"]');
  return list ? list.getBoundingClientRect().top + window.scrollY : 0;
};
/** The filters beside the results: each new page of results leaves them as they were. */
const FilterPanel = memo(MarketFilterPanel);

export function MarketplaceScreen({ savedSearches, dealerId }: MarketplaceScreenProps = {}) {
  const [, setParamsRaw] = useSearchParams();
  const params = useLiveSearch();
  const filters = useMemo(
    () => (dealerId ? { ...parseMarketFilters(params), dealer: dealerId } : parseMarketFilters(params)),
    [params, dealerId],
  );
  // On the dealer page the dealer comes from the path, so it stays out of the query string.
  const setParams = useCallback(
    (next: URLSearchParams) => {
      if (dealerId) next.delete('dealer');
      setParamsRaw(next);
    },
    [dealerId, setParamsRaw],
  );
  const homePostcode = useProfile()?.home_postcode;
  // Once per search, not per render (the screen renders for every state of the query: some 45 ms over
  // bench:scale's first five searches at 4x CPU).
  const key = useMemo(() => queryKey(filters), [filters]);
  // Coming back to a query shows as many cars as it showed before (the device holds its first pages).
  const initialCount = useMemo(() => shownBefore(key), [key]);
  const query = useListingQuery(filters, { initialCount });
  const rows = query.rows;
  useEffect(() => {
    if (rows.length > 0) rememberShown(key, rows.length);
  }, [key, rows.length]);
  // The cards render a new page in a transition, which React slices into short tasks, not one task of every
  // new card (266-373 ms at 4x CPU for a page; the list's switch to virtual rows over 900 ms). The next page
  // is looked for once they are in: before, the end of the shorter list would still be in view.
  // A new search's rows are not deferred: its tap renders urgently (useLiveSearch), and the deferred value would
  // show the previous search's rows in that render.
  const deferred = useDeferredValue(useMemo(() => ({ key, rows }), [key, rows]));
  const deferredRows = deferred.key === key ? deferred.rows : rows;
  const [view, setView] = useResultsView();
  // A new search renders the cards of the first screen in the tap's commit and the rest just after.
  const first = useFirstScreen(key, deferredRows, view, resultsTop);
  const shownRows = first.rows;
  const sentinel = useMoreOnScroll(
    query.hasMore && !query.loadingMore && shownRows === rows,
    shownRows.length,
    query.loadMore,
  );
  const basics = useCatalogueModels();
  const indicators = usePriceIndicators(rows);
  const ids = useMemo(() => rows.map((r) => r.id), [rows]);
  const dealerIds = useMemo(() => rows.map((r) => r.dealer_id), [rows]);
  const reductions = useKept(useReductions(rows), ids);
  const dealers = useDealersByIds(dealerIds);
  const towns = useKept(
    useMemo(
      () => (dealers ? Object.fromEntries([...dealers].map(([id, d]) => [id, d.town] as const)) : undefined),
      [dealers],
    ),
    dealerIds,
  );
  const answered = query.coverage !== 'loading' || rows.length > 0;
  // The start-up work that waited for this search's results goes on once they are drawn (search-quiet.ts).
  useEffect(() => {
    if (answered) noteSearchDone();
  }, [answered, key]);
  // Coming back to a query: load on until as many cars show as before, and only then call the list ready,
  // so the scroll memory restores the place against a page as long as the one the user left.
  const short = initialCount > rows.length && query.hasMore;
  useEffect(() => {
    if (short && !query.loadingMore && query.coverage !== 'loading') query.loadMore();
  }, [short, query]);
  const ready = answered && !short && first.settled;

  // Stable while the card data is: a page arriving then re-renders no mounted card (ListingCard is memoised).
  const dealerMiles = query.dealerMiles;
  // The dealers store's town, else the server's (a first visit has no dealers yet), else the card's outcode.
  const serverTowns = query.dealerTowns;
  const renderCard = useCallback(
    (l: ListingRow) => (
      <ListingCard
        listing={l}
        indicator={indicators?.[l.id]}
        reduction={reductions[l.id]}
        miles={dealerMiles[l.dealer_id]}
        town={towns[l.dealer_id] ?? serverTowns[l.dealer_id]}
      />
    ),
    [indicators, reductions, dealerMiles, towns, serverTowns],
  );

  // Stable between pages of results, so the memoised filter panel does not render again as each page arrives.
  const apply = useCallback(
    (patch: Partial<MarketFilters>) => setParams(serializeMarketFilters(updateMarketFilters(filters, patch))),
    [filters, setParams],
  );
  const clearAll = useCallback(
    () => setParams(serializeMarketFilters({ ...EMPTY_MARKET_FILTERS, sort: filters.sort })),
    [filters.sort, setParams],
  );

  const brand = basics?.brands.find((b) => b.slug === filters.make);
  const model = brand && basics?.models.find((m) => m.brand_id === brand.id && m.slug === filters.model);
  const linkedDealer = useDealersByIds(filters.dealer && !dealerId ? [filters.dealer] : []);
  // On the dealer page the dealer is the page, not a filter to remove.
  const chips = marketFilterChips(dealerId ? { ...filters, dealer: undefined } : filters, {
    brand: brand?.name,
    model: model?.name,
    dealer: filters.dealer ? linkedDealer?.get(filters.dealer)?.name : undefined,
  });

  const onClearAll = chips.length > 0 ? clearAll : undefined;
  const { postcodeError, facets } = query;
  // The panel (hundreds of options) catches up after the tap's commit, which then holds the new cards only.
  const panel = useTrailing(
    useMemo(
      () => ({ filters, apply, basics, postcodeError, homePostcode, onClearAll, searched: answered, facets }),
      [filters, apply, basics, postcodeError, homePostcode, onClearAll, answered, facets],
    ),
  );

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
        activeCount={chips.length}
        countId="results-heading"
        count={
          <span data-coverage={query.coverage} data-total={sheetTotal(query)}>
            {coverageStatus(query)}
          </span>
        }
        total={sheetTotal(query)}
        noun={['car', 'cars']}
        ready={ready}
        chips={<AppliedFilters chips={chips} onRemove={apply} onClearAll={clearAll} />}
        sort={
          <div className="cat-results__tools">
            <ViewToggle view={view} onChange={setView} />
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
        filters={<FilterPanel {...panel} />}
      >
        {rows.length === 0 && (query.coverage === 'loading' || query.coverage === 'partial') ? (
          // Waiting for the first answer: placeholders as tall as a page of cards, so nothing below them
          // moves into view and back when the cars arrive (layout shift).
          <div className="cat-grid">
            {Array.from({ length: 6 }, (_, i) => (
              <Skeleton key={i} height={320} />
            ))}
          </div>
        ) : rows.length === 0 ? (
          <EmptyState
            icon={<CarIcon size={26} />}
            {...(query.coverage === 'complete'
              ? {
                  title: 'No cars match these filters',
                  description: 'Try a wider radius, a higher budget or fewer filters.',
                }
              : query.coverage === 'offline'
                ? { title: 'No cars saved on this phone match', description: `${offlineInvite(query.marketTotal)}.` }
                : { title: 'This search could not run', description: query.error ?? 'Please try again.' })}
          />
        ) : (
          <>
            {query.coverage === 'error' && (
              <p className="cat-query-note" role="alert" data-testid="query-error">
                {query.error} These are the matching cars saved on this phone.
              </p>
            )}
            <SpaLinks>
              <VirtualGrid
                items={shownRows}
                getKey={listingKey}
                className={view === 'list' ? 'cat-grid cat-grid--list' : 'cat-grid'}
                testId="listing-results"
                data={{ view, list: 'results' }}
                minColumnWidth={view === 'list' ? null : 250}
                estimateRowHeight={view === 'list' ? 150 : 430}
                // The CSS gaps of .cat-grid--list (--space-3) and .cat-grid (--space-4): the virtual rows space
                // themselves as the plain list did, so nothing moves when the list turns virtual.
                gap={view === 'list' ? 12 : 16}
                renderItem={renderCard}
              />
            </SpaLinks>
            <div className="cat-paging">
              <div ref={sentinel} aria-hidden="true" />
              {query.hasMore ? (
                <Button
                  variant="secondary"
                  onClick={query.loadMore}
                  disabled={query.loadingMore}
                  data-testid="load-more"
                >
                  {query.loadingMore ? 'Loading more cars…' : 'Show more cars'}
                </Button>
              ) : (
                query.coverage === 'offline' && <p className="cat-muted">{offlineInvite(query.marketTotal)}.</p>
              )}
              <SelectFilter
                label="Per page"
                value={filters.pageSize === PAGE_SIZE_DEFAULT ? undefined : String(filters.pageSize)}
                anyLabel={String(PAGE_SIZE_DEFAULT)}
                options={PAGE_SIZES.filter((n) => n !== PAGE_SIZE_DEFAULT).map((n) => ({
                  value: String(n),
                  label: formatCount(n),
                }))}
                onChange={(v) => apply({ pageSize: v ? Number(v) : PAGE_SIZE_DEFAULT })}
                testId="page-size"
              />
            </div>
            <p className="cat-muted cat-small">
              *Representative monthly price: hire purchase with a {REPRESENTATIVE_FINANCE.depositShare * 100}% deposit
              over {REPRESENTATIVE_FINANCE.termMonths} months at {REPRESENTATIVE_FINANCE.apr}% APR. Open a car to work
              out your own.
            </p>
          </>
        )}
      </FilterLayout>
    </div>
  );
}
