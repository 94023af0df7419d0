import { Skeleton } from '@/shared/ui';

// Placeholders of the final cards' size, shown until the local store has rows (on a first visit the
// catalogue is still downloading), so the page and its footer do not move when the cards arrive.

export function CardGridSkeleton({ count, label }: { count: number; label: string }) {
  return (
    <div className="cat-grid" role="status" aria-label={label}>
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className="cat-card home-skeleton-card" aria-hidden="true">
          <span className="cat-card__media" />
          <div className="cat-card__body">
            <Skeleton height="1.25rem" width="70%" />
            <Skeleton height="1rem" width="45%" />
            <Skeleton height="1rem" width="85%" />
          </div>
        </div>
      ))}
    </div>
  );
}

export function BrandGridSkeleton({ count }: { count: number }) {
  return (
    <div className="cat-brands" role="status" aria-label="Loading brands">
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className="cat-brand home-skeleton-brand" aria-hidden="true">
          <Skeleton width={48} height={48} radius="50%" />
          <Skeleton height="1rem" width="60%" />
        </div>
      ))}
    </div>
  );
}
