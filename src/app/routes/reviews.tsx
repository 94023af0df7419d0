import { StarIcon } from '@/shared/ui';
import { PlannedScreen } from '../components/planned-screen';

export default function Screen() {
  return (
    <PlannedScreen
      eyebrow="Reviews"
      title="Expert reviews"
      intro="Independent road tests of the cars on sale in Britain, scored on comfort, practicality, running costs and value."
      icon={<StarIcon size={26} />}
      emptyTitle="Reviews are on their way"
      emptyDescription="Expert reviews with scores, verdicts, pros and cons will be listed here, newest first."
    />
  );
}
