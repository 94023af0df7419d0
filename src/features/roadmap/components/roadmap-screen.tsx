import { PageHeader } from '@/shared/ui';
import { ROADMAP_FEATURES } from '../roadmap-features';
import { RoadmapCard } from './roadmap-card';
import '../roadmap.css';

/** /ai-2026: where Motorly's AI is heading, eight features with their progress. */
export function RoadmapScreen() {
  const live = ROADMAP_FEATURES.filter((f) => f.implemented).length;
  return (
    <div className="container page">
      <PageHeader
        eyebrow="Roadmap"
        title="AI 2026 roadmap"
        intro={`Eight AI features for finding and buying a car in the UK: ${live} are live in Motorly today, the rest are in development. Progress is our own estimate and is updated with each release.`}
      />
      <ul className="list-plain roadmap-grid" aria-label="Roadmap features">
        {ROADMAP_FEATURES.map((feature) => (
          <RoadmapCard key={feature.id} feature={feature} />
        ))}
      </ul>
    </div>
  );
}
