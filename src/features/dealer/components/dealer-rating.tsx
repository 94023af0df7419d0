import { RatingStars } from '@/entities/car';
import type { DealerProfile } from '@/domain/dealer-profile';
import { formatMonthYear } from '@/shared/lib/format';

/** Average, a 5-to-1 star breakdown and the latest customer reviews. */
export function DealerRating({ profile }: { profile: DealerProfile }) {
  const { average, reviewCount, breakdown, reviews } = profile;
  return (
    <section className="cat-panel dealer-rating" aria-labelledby="dealer-rating" data-testid="dealer-rating">
      <h2 id="dealer-rating">Customer rating</h2>
      <p className="dealer-rating__avg">
        <strong>{average.toFixed(1)}</strong>
        <RatingStars rating={average} />
        <span className="cat-muted cat-small">out of 5 from {reviewCount.toLocaleString('en-GB')} reviews</span>
      </p>
      <ul className="dealer-bars" aria-label="Ratings breakdown">
        {breakdown.map((count, i) => (
          <li key={5 - i}>
            <span>{5 - i} star</span>
            <span className="dealer-bar" aria-hidden="true">
              <span style={{ width: `${(count / Math.max(1, reviewCount)) * 100}%` }} />
            </span>
            <span className="cat-muted">{count}</span>
          </li>
        ))}
      </ul>
      <h3>Latest reviews</h3>
      <ul className="dealer-reviews">
        {reviews.map((r) => (
          <li key={`${r.author}-${r.date}`}>
            <p className="dealer-review__head">
              <RatingStars rating={r.stars} label={`${r.stars} out of 5 stars`} /> <strong>{r.title}</strong>
            </p>
            <p>{r.text}</p>
            <p className="cat-muted cat-small">
              {r.author}, {formatMonthYear(r.date)}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
