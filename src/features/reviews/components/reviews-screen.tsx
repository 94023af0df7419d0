import { useEffect, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import MiniSearch from 'minisearch';
import { formatDate } from '@/shared/lib/format';
import { href } from '@/shared/lib/routes';
import { CarIcon, EmptyState, Input, LoadingBlock, PageHeader, VirtualGrid } from '@/shared/ui';
import {
  BODY_STYLE_OPTIONS,
  FUEL_OPTIONS,
  ModelPicture,
  ScorePill,
  SelectFilter,
  useModelEntries,
} from '@/entities/car';

interface Doc {
  id: string;
  name: string;
  title: string;
  verdict: string;
  pros: string;
  cons: string;
}

export function ReviewsScreen() {
  const data = useModelEntries();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const [text, setText] = useState(q);
  const brand = params.get('brand') ?? undefined;
  const body = params.get('body') ?? undefined;
  const fuel = params.get('fuel') ?? undefined;
  const sort = params.get('sort') === 'date' ? 'date' : 'score';
  const set = (key: string, value: string | undefined) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    setParams(next, { replace: key === 'q' });
  };
  // Debounced search (SPEC §9: 300 ms).
  useEffect(() => {
    const t = setTimeout(() => {
      if (text !== q) set('q', text.trim() || undefined);
    }, 300);
    return () => clearTimeout(t);
  });

  const items = useMemo(
    () =>
      data
        ? data.entries
            .filter((e) => data.basics.reviewByModel.has(e.model.id))
            .map((e) => ({ ...e, review: data.basics.reviewByModel.get(e.model.id)! }))
        : [],
    [data],
  );
  const index = useMemo(() => {
    const ms = new MiniSearch<Doc>({
      fields: ['name', 'title', 'verdict', 'pros', 'cons'],
      searchOptions: { boost: { name: 3, title: 2 }, prefix: true, fuzzy: 0.2 },
    });
    ms.addAll(
      items.map((i) => ({
        id: i.review.id,
        name: `${i.brand?.name ?? ''} ${i.model.name}`,
        title: i.review.title,
        verdict: i.review.verdict,
        pros: i.review.pros.join(' '),
        cons: i.review.cons.join(' '),
      })),
    );
    return ms;
  }, [items]);
  const results = useMemo(() => {
    const hits = q ? new Map(index.search(q).map((h) => [h.id as string, h.score])) : undefined;
    const list = items.filter(
      (i) =>
        (!hits || hits.has(i.review.id)) &&
        (!brand || i.brand?.slug === brand) &&
        (!body || i.model.body_style === body) &&
        (!fuel || i.model.fuel_type === fuel),
    );
    return list.sort((a, b) =>
      hits && !params.get('sort')
        ? (hits.get(b.review.id) ?? 0) - (hits.get(a.review.id) ?? 0)
        : sort === 'date'
          ? (b.review.published_at ?? '').localeCompare(a.review.published_at ?? '')
          : b.review.cs_score - a.review.cs_score,
    );
  }, [items, index, q, brand, body, fuel, sort, params]);

  return (
    <div className="container page cat-page">
      <PageHeader
        eyebrow="Expert reviews"
        title="Reviews"
        intro="Independent reviews of every model we list, scored out of 10 on how they drive, what they cost to run and how safe they are."
      />
      <div className="cat-panel" role="search" aria-label="Search reviews">
        <div className="cat-filter">
          <label htmlFor="review-q" className="cat-filter__label">
            Search reviews
          </label>
          <Input
            id="review-q"
            type="search"
            value={text}
            onValueChange={setText}
            placeholder="e.g. family SUV, quiet, big boot"
          />
        </div>
        <div className="cat-pair" style={{ gridTemplateColumns: 'repeat(auto-fit, minmax(160px, 1fr))' }}>
          <SelectFilter
            label="Brand"
            value={brand}
            options={(data?.basics.brands ?? []).map((b) => ({ value: b.slug, label: b.name }))}
            onChange={(v) => set('brand', v)}
          />
          <SelectFilter label="Body style" value={body} options={BODY_STYLE_OPTIONS} onChange={(v) => set('body', v)} />
          <SelectFilter label="Fuel" value={fuel} options={FUEL_OPTIONS} onChange={(v) => set('fuel', v)} />
          <SelectFilter
            label="Sort by"
            value={params.get('sort') ?? undefined}
            anyLabel={q ? 'Best match' : 'Highest score'}
            options={[
              ...(q ? [{ value: 'score', label: 'Highest score' }] : []),
              { value: 'date', label: 'Newest first' },
            ]}
            onChange={(v) => set('sort', v)}
          />
        </div>
      </div>
      <h2 className="cat-count" aria-live="polite" data-testid="result-count">
        {data ? `${results.length} ${results.length === 1 ? 'review' : 'reviews'}` : 'Loading…'}
      </h2>
      {!data ? (
        <LoadingBlock />
      ) : results.length === 0 ? (
        <EmptyState
          icon={<CarIcon size={26} />}
          title="No reviews match"
          description="Try other words or fewer filters."
        />
      ) : (
        // Every matching review, virtualised: the count above and the list agree.
        <VirtualGrid
          items={results}
          getKey={(r) => r.review.id}
          className="cat-grid"
          minColumnWidth={250}
          estimateRowHeight={400}
          renderItem={({ model, brand: b, review }) => (
            <article className="cat-card" data-testid="review-card">
              <div className="cat-card__media">
                <ModelPicture model={model} brand={b} />
              </div>
              <div className="cat-card__body">
                <div className="cat-card__row">
                  <h3 className="cat-card__title">
                    <Link to={href.model(b?.slug ?? '', model.slug)}>
                      {b?.name} {model.name}
                    </Link>
                  </h3>
                  <ScorePill score={review.cs_score} />
                </div>
                <p style={{ margin: 0, fontWeight: 600 }}>{review.title}</p>
                <p className="cat-muted cat-small" style={{ margin: 0 }}>
                  {review.verdict}
                </p>
                <p className="cat-muted cat-small" style={{ margin: 0 }}>
                  {review.author}
                  {review.published_at ? ` · ${formatDate(review.published_at)}` : ''}
                </p>
              </div>
            </article>
          )}
        />
      )}
    </div>
  );
}
