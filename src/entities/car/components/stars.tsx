export type StarFill = 'full' | 'half' | 'empty';

/** Five stars for a rating out of 5, to the nearest half: 4.5 is 4 full and 1 half, 4.2 is 4 full. */
export function starFills(rating: number): StarFill[] {
  const halves = Math.round(Math.min(5, Math.max(0, Number.isFinite(rating) ? rating : 0)) * 2);
  return Array.from({ length: 5 }, (_, i) =>
    halves >= 2 * (i + 1) ? 'full' : halves === 2 * i + 1 ? 'half' : 'empty',
  );
}

/** "4.5 out of 5": one decimal only when it has one. */
export function ratingLabel(rating: number): string {
  const r = Math.round(rating * 10) / 10;
  return `${Number.isInteger(r) ? r.toFixed(0) : r.toFixed(1)} out of 5`;
}

/** A rating out of 5 drawn with half stars; read out as "4.5 out of 5" (or `label`). */
export function RatingStars({ rating, label }: { rating: number; label?: string }) {
  return (
    <span className="cat-stars rating-stars" role="img" aria-label={label ?? ratingLabel(rating)}>
      {starFills(rating).map((fill, i) => (
        <span key={i} className="rating-star" data-fill={fill} aria-hidden="true">
          {fill === 'full' ? '★' : '☆'}
          {fill === 'half' && <span className="rating-star__half">★</span>}
        </span>
      ))}
    </span>
  );
}

export function NcapStars({ stars, year }: { stars: number | null; year: number | null }) {
  if (stars == null) return <span>Not tested</span>;
  return (
    <span className="cat-stars" aria-label={`${stars} out of 5 stars${year ? `, tested ${year}` : ''}`}>
      <span aria-hidden="true">
        {'★'.repeat(stars)}
        {'☆'.repeat(5 - stars)}
      </span>
      {year ? <span className="cat-muted"> ({year})</span> : null}
    </span>
  );
}

export function ScorePill({ score }: { score: number | undefined }) {
  if (score === undefined) return null;
  return (
    <span className="cat-score" aria-label={`Expert score ${score.toFixed(1)} out of 10`}>
      {score.toFixed(1)}
      <span aria-hidden="true">/10</span>
    </span>
  );
}
