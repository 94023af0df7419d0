import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { BrandRow, CarModelRow } from '@/data/catalogue';
import { formatGBP, formatMpg } from '@/shared/lib/format';
import { BODY_STYLE_LABELS, fuelLabel } from '@/domain/uk';
import { href } from '@/shared/lib/routes';
import type { Backdrop } from './car-art';
import { CarImage } from './car-image';
import { CompareButton } from './compare-button';
import { ScorePill } from './stars';

const MODEL_COLOURS = ['Blue', 'Red', 'Silver', 'Grey', 'White', 'Green', 'Black', 'Orange'];

/** A stable showroom colour per model, so the same model always looks the same. */
export function modelColour(m: CarModelRow): string {
  let h = 0;
  for (const ch of m.id) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  return MODEL_COLOURS[h % MODEL_COLOURS.length];
}

export function economyLabel(m: CarModelRow): string {
  if (m.fuel_type === 'electric') return m.ev_range_miles ? `${m.ev_range_miles} miles range` : '';
  // A plug-in hybrid's official mpg weights in its electric miles: show the range that explains it.
  if (m.fuel_type === 'plugin_hybrid' && m.ev_range_miles && m.mpg)
    return `${formatMpg(m.mpg)} weighted, ${m.ev_range_miles} miles electric`;
  return formatMpg(m.mpg);
}

/** A model's showroom picture (front three-quarter, its stable colour unless given one); decorative unless alt. */
export function ModelPicture({
  model,
  brand,
  backdrop,
  colour,
  alt = '',
  eager,
  whenNear,
  labelled,
}: {
  model: CarModelRow;
  brand?: BrandRow | null;
  backdrop?: Backdrop;
  colour?: string;
  alt?: string;
  eager?: boolean;
  /** Draw only near the viewport (inside a card, whose media box keeps the place). */
  whenNear?: boolean;
  /** Tag it as an illustration (in a positioned box); the model page's main picture (`eager`) always is. */
  labelled?: boolean;
}) {
  return (
    <CarImage
      bodyStyle={model.body_style}
      model={model}
      brand={brand?.name}
      colour={colour ?? modelColour(model)}
      view="front-three-quarter"
      alt={alt}
      backdrop={backdrop}
      eager={eager}
      whenNear={whenNear}
      labelled={labelled ?? eager}
    />
  );
}

export function ModelCard({
  model: m,
  brand,
  score,
  headingLevel: H = 'h3',
  actions,
}: {
  model: CarModelRow;
  brand?: BrandRow;
  score?: number;
  headingLevel?: 'h2' | 'h3';
  /** Beside the compare button (the bookmarks: remove the bookmark). */
  actions?: ReactNode;
}) {
  const name = `${brand?.name ?? ''} ${m.name}`.trim();
  const to = href.model(brand?.slug ?? 'unknown', m.slug);
  return (
    <article className="cat-card" data-testid="model-card">
      <Link to={to} className="cat-card__media" tabIndex={-1} aria-hidden="true">
        <ModelPicture model={m} brand={brand} backdrop="studio" whenNear labelled />
      </Link>
      <div className="cat-card__body">
        <div className="cat-card__row">
          <H className="cat-card__title">
            <Link to={to}>{name}</Link>
          </H>
          <ScorePill score={score} />
        </div>
        <p className="cat-price">
          <span className="cat-muted">From </span>
          <strong>{formatGBP(m.price_from)}</strong>
        </p>
        <ul className="cat-facts" aria-label="Key facts">
          <li>{BODY_STYLE_LABELS[m.body_style]}</li>
          <li>{fuelLabel(m.fuel_type)}</li>
          {economyLabel(m) && <li>{economyLabel(m)}</li>}
          <li>{m.seats} seats</li>
        </ul>
        <div className="cat-card__actions">
          <CompareButton compact item={{ kind: 'model', id: m.id }} label={name} />
          {actions}
        </div>
      </div>
    </article>
  );
}
