import { useId } from 'react';
import { Badge, Card } from '@/shared/ui';
import type { RoadmapFeature } from '../roadmap-features';

/** One roadmap feature: status badges, description and an accessible progress bar. */
export function RoadmapCard({ feature }: { feature: RoadmapFeature }) {
  const labelId = useId();
  return (
    <Card as="li" className="roadmap-card" data-testid="roadmap-card" data-feature={feature.id}>
      <div className="roadmap-card__badges">
        {feature.implemented ? (
          <Badge variant="success">Live now</Badge>
        ) : (
          <Badge variant="primary">In development</Badge>
        )}
        {feature.futuristic && <Badge variant="accent">Futuristic</Badge>}
      </div>
      <h2 className="card__title" id={labelId}>
        {feature.name}
      </h2>
      <p className="card__description">{feature.description}</p>
      <div className="roadmap-card__progress">
        <div
          className="roadmap-bar"
          role="progressbar"
          aria-labelledby={labelId}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={feature.progress}
          aria-valuetext={`${feature.progress}% complete`}
        >
          <span className="roadmap-bar__fill" style={{ width: `${feature.progress}%` }} />
        </div>
        <span className="roadmap-card__percent" aria-hidden="true">
          {feature.progress}%
        </span>
      </div>
    </Card>
  );
}
