import { useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Button, CarIcon, EmptyState, LoadingBlock, PageHeader, VirtualGrid } from '@/shared/ui';
import {
  AppliedFilters,
  BodyStyleFilter,
  BrandPicker,
  FilterLayout,
  FuelFilter,
  GearboxFilter,
  InsuranceFilter,
  ModelCard,
  Pagination,
  SeatsFilter,
  SelectFilter,
  UlezFilter,
  num,
  sortModels,
  useModelEntries,
} from '@/entities/car';
import {
  BROWSE_SORT_LABELS,
  BROWSE_SORTS,
  EMPTY_BROWSE_FILTERS,
  PRICE_BANDS,
  parseBrowseFilters,
  serializeBrowseFilters,
  updateBrowseFilters,
  type BrowseFilters,
} from '../browse-filters';
import { browseFilterChips, modelCountsByBrand } from '../browse-chips';
import { filterModels } from '../filter-models';

const PRICE_OPTIONS = PRICE_BANDS.map((b) => ({ value: b.id, label: b.label }));
const NCAP_OPTIONS = [3, 4, 5].map((v) => ({ value: String(v), label: `${v} stars${v < 5 ? ' or more' : ''}` }));

export function BrowseScreen() {
  const [params, setParams] = useSearchParams();
  const f = useMemo(() => parseBrowseFilters(params), [params]);
  const data = useModelEntries();
  const results = useMemo(() => (data ? sortModels(filterModels(data.entries, f), f.sort) : undefined), [data, f]);
  const counts = useMemo(() => (data ? modelCountsByBrand(data.entries, f) : undefined), [data, f]);
  const apply = (patch: Partial<BrowseFilters>) => setParams(serializeBrowseFilters(updateBrowseFilters(f, patch)));
  const clearAll = () => setParams(serializeBrowseFilters({ ...EMPTY_BROWSE_FILTERS, sort: f.sort }));
  const brands = data?.basics.brands ?? [];
  const chips = browseFilterChips(f, new Map(brands.map((b) => [b.slug, b.name])));
  const start = (f.page - 1) * f.pageSize;
  return (
    <div className="container page cat-page">
      <PageHeader
        eyebrow="New car range"
        title="Browse cars"
        intro="Every model on sale in the UK, with on-the-road prices, expert scores and the running costs that matter."
      />
      <FilterLayout
        activeCount={chips.length}
        countId="browse-count"
        count={results ? `${results.length} ${results.length === 1 ? 'model' : 'models'}` : 'Loading…'}
        total={results?.length}
        noun={['model', 'models']}
        ready={results !== undefined}
        chips={<AppliedFilters chips={chips} onRemove={apply} onClearAll={clearAll} />}
        sort={
          <SelectFilter
            label="Sort by"
            value={f.sort}
            anyLabel={BROWSE_SORT_LABELS['price-asc']}
            options={BROWSE_SORTS.filter((s) => s !== 'price-asc').map((s) => ({
              value: s,
              label: BROWSE_SORT_LABELS[s],
            }))}
            onChange={(v) => apply({ sort: (v as BrowseFilters['sort']) ?? 'price-asc' })}
            testId="sort"
          />
        }
        filters={
          <>
            <BrandPicker
              legend="Brand"
              multiple
              countNoun={['model', 'models']}
              options={brands.map((b) => ({ value: b.slug, label: b.name, count: counts?.get(b.slug) ?? 0 }))}
              selected={f.brands}
              onChange={(next) => apply({ brands: next })}
            />
            <BodyStyleFilter legend="Body style" filters={f} onApply={apply} />
            <FuelFilter filters={f} onApply={apply} />
            <SelectFilter
              label="Price"
              value={f.price}
              options={PRICE_OPTIONS}
              onChange={(v) => apply({ price: v as BrowseFilters['price'] })}
            />
            <SeatsFilter filters={f} onApply={apply} />
            <GearboxFilter filters={f} onApply={apply} />
            <InsuranceFilter filters={f} onApply={apply} />
            <SelectFilter
              label="Euro NCAP"
              value={f.ncapMin?.toString()}
              options={NCAP_OPTIONS}
              onChange={(v) => apply({ ncapMin: num(v) })}
            />
            <UlezFilter filters={f} onApply={apply} />
            {chips.length > 0 && (
              <Button variant="ghost" onClick={clearAll}>
                Clear all filters
              </Button>
            )}
          </>
        }
      >
        {!results || !data ? (
          <LoadingBlock />
        ) : results.length === 0 ? (
          <EmptyState
            icon={<CarIcon size={26} />}
            title={data.entries.length === 0 ? 'The catalogue is still downloading' : 'No models match'}
            description="Try fewer filters."
          />
        ) : (
          <>
            <VirtualGrid
              items={results.slice(start, start + f.pageSize)}
              getKey={(e) => e.model.id}
              className="cat-grid"
              minColumnWidth={250}
              estimateRowHeight={380}
              renderItem={(e) => <ModelCard model={e.model} brand={e.brand} score={e.score} />}
            />
            <Pagination page={f.page} pageSize={f.pageSize} total={results.length} onPage={(page) => apply({ page })} />
          </>
        )}
      </FilterLayout>
    </div>
  );
}
