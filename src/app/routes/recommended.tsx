import { SparkIcon } from '@/shared/ui';
import { PlannedScreen } from '../components/planned-screen';

export default function Screen() {
  return (
    <PlannedScreen
      eyebrow="Personal picks"
      title="Recommended for you"
      intro="Cars chosen for your budget, family size and driving style, getting smarter as you browse."
      icon={<SparkIcon size={26} />}
      emptyTitle="Your recommendations will appear here"
      emptyDescription="Answer a few quick questions about your budget and priorities and we will suggest cars that suit you."
    />
  );
}
