import { useMemo } from 'react';
import { formatGBP } from '@/shared/lib/format';
import { href } from '@/shared/lib/routes';
import { useCatalogueArriving } from '@/sync';
import { ButtonLink, LoadingBlock } from '@/shared/ui';
import { BrandLogo, ModelCard, sortModels, useModelEntries, CarNotFound } from '@/entities/car';
import { useStockCounts } from '@/data/catalogue';
import { matchesName } from '../match-name';
import { brandForSaleLabel } from '../stock-labels';

export function BrandScreen({ brandName }: { brandName: string }) {
  const data = useModelEntries();
  // During the first download a real page may simply not have arrived yet: wait rather than say "not found".
  const arriving = useCatalogueArriving();
  const brand = data?.basics.brands.find((b) => matchesName(b.slug, b.name, brandName));
  const stock = useStockCounts([], brand ? [brand.id] : []);
  const range = useMemo(
    () =>
      data && brand
        ? sortModels(
            data.entries.filter((e) => e.model.brand_id === brand.id),
            'price-asc',
          )
        : [],
    [data, brand],
  );
  if (!data) return <LoadingBlock />;
  // The brand may arrive before its models: an empty range is not the answer until the download ends.
  if ((!brand || range.length === 0) && arriving) return <LoadingBlock label="Downloading the catalogue…" />;
  if (!brand) return <CarNotFound title="Brand not found" action={{ to: href.browse(), label: 'Browse all cars' }} />;
  const scores = range.map((e) => e.score).filter((s): s is number => s !== undefined);
  const avg = scores.length ? scores.reduce((a, b) => a + b, 0) / scores.length : undefined;
  return (
    <div className="container page cat-page">
      <div className="cat-hero" style={{ gridTemplateColumns: 'auto minmax(0, 1fr)', alignItems: 'center' }}>
        <BrandLogo brand={brand} size={72} />
        <div>
          <h1>{brand.name}</h1>
          <p>
            {[brand.country, brand.founded ? `founded ${brand.founded}` : ''].filter(Boolean).join(', ')}
            {range.length ? ` · ${range.length} models from ${formatGBP(range[0].model.price_from)}` : ''}
            {avg !== undefined ? ` · average expert score ${avg.toFixed(1)}/10` : ''}
          </p>
        </div>
      </div>
      {brand.description && <p style={{ maxWidth: '70ch', margin: 0 }}>{brand.description}</p>}
      <section className="cat-section" aria-labelledby="range-h">
        <div className="cat-section__head">
          <h2 id="range-h">The {brand.name} range</h2>
          <ButtonLink to={`${href.marketplace()}?make=${brand.slug}`}>
            {brandForSaleLabel(brand.name, stock?.source === 'server' ? stock.value.brands[brand.id] : undefined)}
          </ButtonLink>
        </div>
        <div className="cat-grid">
          {range.map((e) => (
            <ModelCard key={e.model.id} model={e.model} brand={brand} score={e.score} />
          ))}
        </div>
      </section>
    </div>
  );
}
