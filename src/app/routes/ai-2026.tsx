import { SparkIcon } from '@/shared/ui';
import { PlannedScreen } from '../components/planned-screen';

export default function Screen() {
  return (
    <PlannedScreen
      eyebrow="Roadmap"
      title="AI 2026 roadmap"
      intro="Where Motorly’s AI features are heading: eight features, what is live today and what is next."
      icon={<SparkIcon size={26} />}
      emptyTitle="Roadmap cards will appear here"
      emptyDescription="Eight feature cards with their progress and status will be shown on this page."
    />
  );
}
