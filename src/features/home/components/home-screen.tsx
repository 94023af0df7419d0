import { useCallback, useMemo, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useDealersByIds, useRecentPriceDrops } from '@/data/catalogue';
import { BODY_STYLE_LABELS } from '@/domain/uk';
import { href } from '@/shared/lib/routes';
import { Button, ButtonLink, Input } from '@/shared/ui';
import { BrandGridSkeleton, CardGridSkeleton } from './home-skeletons';
import '../home.css';
import { BODY_STYLES } from '@/data/catalogue';
import { BrandLogo, ListingCard, ModelCard, useModelEntries } from '@/entities/car';

const BUDGETS = [
  { label: 'Under £10,000', qs: 'price_max=10000' },
  { label: 'Under £20,000', qs: 'price_max=20000' },
  { label: 'Under £250 a month', qs: 'price_mode=monthly&monthly_max=250' },
];

export function HomeScreen() {
  const navigate = useNavigate();
  const [q, setQ] = useState('');
  // Text typed into the prerendered box before the app took over is kept, not cleared by the first render.
  const typedEarly = useCallback((input: HTMLInputElement | null) => {
    if (input?.value) setQ(input.value);
  }, []);
  const data = useModelEntries();
  const dropsAnswer = useRecentPriceDrops(4);
  const drops = dropsAnswer?.value;
  const dealers = useDealersByIds(drops?.map((d) => d.listing.dealer_id) ?? []);
  const topRated = useMemo(
    () =>
      data
        ? [...data.entries]
            .filter((e) => e.score !== undefined)
            .sort((a, b) => (b.score ?? 0) - (a.score ?? 0))
            .slice(0, 4)
        : [],
    [data],
  );
  const popular = useMemo(() => {
    if (!data) return [];
    const counts = new Map<string, number>();
    for (const e of data.entries) counts.set(e.model.brand_id, (counts.get(e.model.brand_id) ?? 0) + 1);
    return [...data.basics.brands].sort((a, b) => (counts.get(b.id) ?? 0) - (counts.get(a.id) ?? 0)).slice(0, 12);
  }, [data]);
  // Until the catalogue is in the store (no models yet), the price drops keep their place too.
  const dropsPending = !data || data.entries.length === 0 || drops === undefined;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const text = q.trim();
    navigate(text ? `${href.aiSearch()}?q=${encodeURIComponent(text)}` : href.aiSearch());
  };
  return (
    <div className="container page cat-page">
      <section className="cat-hero" aria-labelledby="home-h">
        <h1 id="home-h">Find the right car, the easy way</h1>
        <p>
          Describe what you need and our AI search finds it — then compare prices, running costs and reviews from across
          the UK.
        </p>
        {/* action + name: a search sent before the app has taken over the prerendered page still lands. */}
        <form onSubmit={submit} role="search" aria-label="AI search" action={href.aiSearch()} method="get">
          <label htmlFor="home-q" className="sr-only">
            Describe the car you want
          </label>
          <Input
            id="home-q"
            ref={typedEarly}
            name="q"
            type="search"
            value={q}
            onValueChange={setQ}
            placeholder="e.g. a 7-seat hybrid under £30,000 with low tax"
          />
          <Button type="submit" variant="primary" size="lg">
            Search
          </Button>
        </form>
      </section>

      <section className="cat-section" aria-labelledby="shortcuts-h">
        <h2 id="shortcuts-h" style={{ margin: 0 }}>
          Start with
        </h2>
        <div className="cat-chips">
          {BODY_STYLES.map((b) => (
            <Link key={b} className="cat-chip" to={`${href.browse()}?body=${b}`}>
              {BODY_STYLE_LABELS[b]}
            </Link>
          ))}
          <Link className="cat-chip" to={`${href.browse()}?fuel=electric`}>
            Electric cars
          </Link>
          {BUDGETS.map((b) => (
            <Link key={b.label} className="cat-chip" to={`${href.marketplace()}?${b.qs}`}>
              {b.label}
            </Link>
          ))}
        </div>
      </section>

      <section className="cat-section" aria-labelledby="top-h">
        <div className="cat-section__head">
          <h2 id="top-h">Top-rated by our experts</h2>
          <Link to={`${href.reviews()}`}>All reviews</Link>
        </div>
        {topRated.length === 0 ? (
          <CardGridSkeleton count={4} label="Loading top-rated cars" />
        ) : (
          <div className="cat-grid">
            {topRated.map((e) => (
              <ModelCard key={e.model.id} model={e.model} brand={e.brand} score={e.score} />
            ))}
          </div>
        )}
      </section>

      {dropsPending || (drops && drops.length > 0) ? (
        <section className="cat-section" aria-labelledby="drops-h">
          <div className="cat-section__head">
            <h2 id="drops-h">Recent price drops</h2>
            <Link to={`${href.marketplace()}?sort=reduction`}>See all reductions</Link>
          </div>
          {dropsAnswer?.source === 'device' && (
            <p className="cat-muted cat-small" data-testid="drops-offline">
              Offline: the biggest drops among the cars saved on this phone.
            </p>
          )}
          {!drops || dropsPending ? (
            <CardGridSkeleton count={4} label="Loading price drops" />
          ) : (
            <div className="cat-grid">
              {drops.map((d) => (
                <ListingCard
                  key={d.listing.id}
                  listing={d.listing}
                  reduction={d.drop}
                  town={dealers?.get(d.listing.dealer_id)?.town}
                />
              ))}
            </div>
          )}
        </section>
      ) : null}

      <section className="cat-section" aria-labelledby="brands-h">
        <div className="cat-section__head">
          <h2 id="brands-h">Popular brands</h2>
          <ButtonLink to={href.browse()} variant="ghost">
            Browse all cars
          </ButtonLink>
        </div>
        {popular.length === 0 ? (
          <BrandGridSkeleton count={12} />
        ) : (
          <div className="cat-brands">
            {popular.map((b) => (
              <Link key={b.id} to={href.brand(b.slug)} className="cat-brand">
                <BrandLogo brand={b} size={48} />
                <span>{b.name}</span>
              </Link>
            ))}
          </div>
        )}
      </section>
    </div>
  );
}
