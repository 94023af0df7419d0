import { useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { BODY_STYLES, FUEL_TYPES } from '@/data/catalogue';
import { BODY_STYLE_LABELS, FUEL_LABELS, GEARBOX_LABELS } from '@/shared/lib/uk';
import { Button, CarIcon, EmptyState, LoadingBlock, PageHeader } from '@/shared/ui';
import { CheckGroup, SelectFilter, ToggleFilter, num } from '../components/filter-controls';
import { ModelCard } from '../components/model-card';
import { Pagination } from '../components/pagination';
import { useModelEntries } from '../hooks/use-model-entries';
import { BROWSE_SORT_LABELS, BROWSE_SORTS, EMPTY_BROWSE_FILTERS, PRICE_BANDS, parseBrowseFilters, serializeBrowseFilters, updateBrowseFilters, type BrowseFilters } from './browse-filters';
import { filterModels, sortModels } from './filter-models';
import '../catalogue.css';

export function BrowseScreen() {
  const [params, setParams] = useSearchParams();
  const f = useMemo(() => parseBrowseFilters(params), [params]);
  const data = useModelEntries();
  const results = useMemo(() => (data ? sortModels(filterModels(data.entries, f), f.sort) : undefined), [data, f]);
  const apply = (patch: Partial<BrowseFilters>) => setParams(serializeBrowseFilters(updateBrowseFilters(f, patch)));
  const start = (f.page - 1) * f.pageSize;
  return (
    <div className="container page cat-page">
      <PageHeader eyebrow="New car range" title="Browse cars" intro="Every model on sale in the UK, with on-the-road prices, expert scores and the running costs that matter." />
      <div className="cat-layout">
        <details className="cat-filters" open>
          <summary className="cat-filters__toggle">Filters</summary>
          <div className="cat-filters__body" role="group" aria-label="Filters">
            <CheckGroup legend="Brand" options={(data?.basics.brands ?? []).map((b) => ({ value: b.slug, label: b.name }))} selected={f.brands} onChange={(brands) => apply({ brands })} />
            <CheckGroup legend="Body style" options={BODY_STYLES.map((b) => ({ value: b, label: BODY_STYLE_LABELS[b] }))} selected={f.body} onChange={(body) => apply({ body })} />
            <CheckGroup legend="Fuel" options={FUEL_TYPES.map((x) => ({ value: x, label: FUEL_LABELS[x] }))} selected={f.fuel} onChange={(fuel) => apply({ fuel })} />
            <SelectFilter label="Price" value={f.price} options={PRICE_BANDS.map((b) => ({ value: b.id, label: b.label }))} onChange={(v) => apply({ price: v as BrowseFilters['price'] })} />
            <SelectFilter label="Seats" value={f.seatsMin?.toString()} options={[2, 4, 5, 7].map((s) => ({ value: String(s), label: `${s}+ seats` }))} onChange={(v) => apply({ seatsMin: num(v) })} />
            <SelectFilter label="Gearbox" value={f.gearbox} options={(['manual', 'automatic'] as const).map((g) => ({ value: g, label: GEARBOX_LABELS[g] }))} onChange={(v) => apply({ gearbox: v as BrowseFilters['gearbox'] })} />
            <SelectFilter label="Insurance group" value={f.insuranceMax?.toString()} options={[10, 20, 30, 40].map((v) => ({ value: String(v), label: `Up to group ${v}` }))} onChange={(v) => apply({ insuranceMax: num(v) })} />
            <SelectFilter label="Euro NCAP" value={f.ncapMin?.toString()} options={[3, 4, 5].map((v) => ({ value: String(v), label: `${v} stars${v < 5 ? ' or more' : ''}` }))} onChange={(v) => apply({ ncapMin: num(v) })} />
            <ToggleFilter label="ULEZ compliant only" checked={f.ulez} onChange={(ulez) => apply({ ulez })} />
            <Button variant="ghost" onClick={() => setParams(serializeBrowseFilters({ ...EMPTY_BROWSE_FILTERS, sort: f.sort }))}>
              Clear filters
            </Button>
          </div>
        </details>
        <section className="cat-results" aria-labelledby="browse-count">
          <div className="cat-results__bar">
            <h2 id="browse-count" className="cat-count" aria-live="polite" data-testid="result-count">
              {results ? `${results.length} ${results.length === 1 ? 'model' : 'models'}` : 'Loading…'}
            </h2>
            <SelectFilter label="Sort by" value={f.sort} anyLabel={BROWSE_SORT_LABELS['price-asc']} options={BROWSE_SORTS.filter((s) => s !== 'price-asc').map((s) => ({ value: s, label: BROWSE_SORT_LABELS[s] }))} onChange={(v) => apply({ sort: (v as BrowseFilters['sort']) ?? 'price-asc' })} testId="sort" />
          </div>
          {!results || !data ? (
            <LoadingBlock />
          ) : results.length === 0 ? (
            <EmptyState icon={<CarIcon size={26} />} title={data.entries.length === 0 ? 'The catalogue is still downloading' : 'No models match'} description="Try fewer filters." />
          ) : (
            <>
              <div className="cat-grid">
                {results.slice(start, start + f.pageSize).map((e) => (
                  <ModelCard key={e.model.id} model={e.model} brand={e.brand} score={e.score} />
                ))}
              </div>
              <Pagination page={f.page} pageSize={f.pageSize} total={results.length} onPage={(page) => apply({ page })} />
            </>
          )}
        </section>
      </div>
    </div>
  );
}
