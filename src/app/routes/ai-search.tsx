import { SparkIcon } from '@/shared/ui';
import { PlannedScreen } from '../components/planned-screen';

export default function Screen() {
  return (
    <PlannedScreen
      eyebrow="Search in plain English"
      title="AI Search"
      intro="Describe what you need — “a family SUV under £25,000 with low running costs” — and we match it to real cars."
      icon={<SparkIcon size={26} />}
      emptyTitle="Ask for your next car"
      emptyDescription="The AI search box and its matched results will appear here, with up to three suggestions as you type."
    />
  );
}
