import { Link } from 'react-router-dom';
import type { RankedCar } from '@/shared/lib/ai/rank';
import { EmptyState, LoadingBlock } from '@/shared/ui';

interface CardLink {
  to: string;
  onOpen: () => void;
  meta: string;
}

function ResultCard({ r, to, onOpen, meta }: { r: RankedCar } & CardLink) {
  return (
    <li className="ais-card">
      <Link to={to} onClick={onOpen} className="ais-card__title">
        {r.car.title}
      </Link>
      <p className="ais-card__meta">{meta}</p>
      <p className="ais-card__reason" data-testid="result-reason">
        {r.reason}
      </p>
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
}: {
  id: string;
  heading: string;
  ranking: { results: RankedCar[] } | undefined;
  empty: { title: string; description: string };
  testId: string;
  linkOf: (r: RankedCar) => CardLink;
}) {
  return (
    <section aria-labelledby={id} className="ais-section">
      <h2 id={id} className="ais-h2">
        {heading}
      </h2>
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
    </section>
  );
}
