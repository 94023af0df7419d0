import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { RankedCar } from '@/domain/ai/rank';
import { formatGBP } from '@/shared/lib/format';
import { EmptyState, LoadingBlock } from '@/shared/ui';
import { carFigures, carSummary } from './card-figures';

export interface CardLink {
  to: string;
  onOpen: () => void;
  /** The car's picture (its dealer photo or drawing), as the marketplace shows it. */
  media: ReactNode;
}

function ResultCard({ r, to, onOpen, media }: { r: RankedCar } & CardLink) {
  const figures = carFigures(r.car);
  return (
    <li className="ais-card">
      {/* The picture repeats the title link, so it is hidden from the tab order and screen readers. */}
      <Link to={to} onClick={onOpen} className="ais-card__media" tabIndex={-1} aria-hidden="true">
        {media}
      </Link>
      <div className="ais-card__body">
        <h3 className="ais-card__heading">
          <Link to={to} onClick={onOpen} className="ais-card__title">
            {r.car.title}
          </Link>
        </h3>
        {r.car.kind === 'listing' && <p className="ais-card__price">{formatGBP(r.car.price)}</p>}
        <p className="ais-card__meta">{carSummary(r.car)}</p>
        {figures.length > 0 && (
          <ul className="ais-card__figures" aria-label="Running figures">
            {figures.map((f) => (
              <li key={f}>{f}</li>
            ))}
          </ul>
        )}
        <p className="ais-card__reason" data-testid="result-reason">
          {r.reason}
        </p>
      </div>
    </li>
  );
}

/** One ranked list under its heading: loading while `ranking` is undefined, an empty state, or the cards. */
export function ResultSection({
  id,
  heading,
  ranking,
  empty,
  testId,
  linkOf,
  note,
  footer,
}: {
  id: string;
  heading: string;
  ranking: { results: RankedCar[] } | undefined;
  empty: { title: string; description: string };
  testId: string;
  linkOf: (r: RankedCar) => CardLink;
  /** Under the heading: what the answer covers (offline, only the cars held on this phone). */
  note?: ReactNode;
  /** Under the cards: the way on to the rest (the marketplace link). */
  footer?: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="ais-section">
      <h2 id={id} className="ais-h2">
        {heading}
      </h2>
      {note}
      {!ranking ? (
        <LoadingBlock />
      ) : ranking.results.length === 0 ? (
        <EmptyState title={empty.title} description={empty.description} headingLevel="h3" />
      ) : (
        <ol className="grid-thirds ais-results" data-testid={testId}>
          {ranking.results.map((r) => (
            <ResultCard key={r.car.id} r={r} {...linkOf(r)} />
          ))}
        </ol>
      )}
      {footer}
    </section>
  );
}
