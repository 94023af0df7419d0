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
