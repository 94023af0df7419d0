import { Link } from 'react-router-dom';
import type { SourcedAnswer, StockCounts } from '@/data/catalogue';
import type { RecommendationCard } from '@/data/personalisation';
import { ModelPicture } from '@/entities/car';
import { formatGBP } from '@/shared/lib/format';
import { href } from '@/shared/lib/routes';
import { BODY_STYLE_LABELS, FUEL_LABELS } from '@/domain/uk';
import { modelMarketplaceHref, usedCarsLabel } from './model-links';

/**
 * The model's cars for sale (unsold listings, as its model page counts them) and the way to them. Offline
 * the count is of the cars saved on this phone, and says so: the market may have more.
 */
function UsedCarsLink({ c, stock }: { c: RecommendationCard; stock: SourcedAnswer<StockCounts> | undefined }) {
  const make = c.brand?.slug ?? '';
  const total = stock?.value.models[c.model.id]?.count;
  const carName = `${c.brand?.name ?? ''} ${c.model.name}`.trim();
  if (total === undefined) return <p className="rec-card__used rec-card__used--loading">Counting cars for sale…</p>;
  const label = usedCarsLabel(total, carName);
  const offline = stock?.source === 'device';
  if (!label)
    return (
      <p className="rec-card__used">
        {offline ? `Offline: no used ${carName} saved on this phone.` : `No used ${carName} for sale right now.`}
      </p>
    );
  return (
    <Link to={modelMarketplaceHref(make, c.model.slug)} className="rec-card__used-link" data-testid="rec-used-link">
      {offline ? `${label} saved on this phone` : label} <span aria-hidden="true">→</span>
    </Link>
  );
}

export function RecCard({
  c,
  rank,
  stock,
  onOpen,
}: {
  c: RecommendationCard;
  rank: number;
  /** Cars for sale of every card's model, counted once for the list. */
  stock: SourcedAnswer<StockCounts> | undefined;
  onOpen: () => void;
}) {
  const modelHref = href.model(c.brand?.slug ?? '', c.model.slug);
  return (
    <li className="rec-card" data-testid="recommendation">
      {/* The picture repeats the title link, so it is hidden from the tab order and screen readers. */}
      <Link to={modelHref} onClick={onOpen} className="rec-card__media" tabIndex={-1} aria-hidden="true">
        <ModelPicture model={c.model} brand={c.brand} whenNear labelled />
      </Link>
      <div className="rec-card__body">
        <div className="rec-card__head">
          <span className="rec-card__rank" aria-hidden="true">
            {rank}
          </span>
          <div>
            <h2 className="rec-card__heading">
              <Link to={modelHref} onClick={onOpen} className="rec-card__title">
                {c.brand?.name} {c.model.name}
              </Link>
            </h2>
            <p className="rec-card__meta">
              {BODY_STYLE_LABELS[c.model.body_style]} · {FUEL_LABELS[c.model.fuel_type]} · from{' '}
              {formatGBP(Number(c.model.price_from))} new · {c.model.seats} seats
            </p>
          </div>
          <span className="rec-card__score" title="Match score out of 100">
            <span className="sr-only">Match score </span>
            {Math.round(c.score)}
          </span>
        </div>
        {c.reasons.length > 0 ? (
          <ul className="rec-card__why" aria-label="Why we picked it">
            {c.reasons.slice(0, 4).map((r) => (
              <li key={r}>{r}</li>
            ))}
          </ul>
        ) : (
          <p className="rec-card__why-none">A strong all-rounder for your budget.</p>
        )}
        <UsedCarsLink c={c} stock={stock} />
      </div>
    </li>
  );
}
