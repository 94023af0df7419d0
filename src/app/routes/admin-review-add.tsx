import { StarIcon } from '@/shared/ui';
import { PlannedScreen } from '../components/planned-screen';

export default function Screen() {
  return (
    <PlannedScreen
      eyebrow="Admin"
      title="Add a review"
      intro="Write a new expert review for a model."
      icon={<StarIcon size={26} />}
      emptyTitle="Review editor"
      emptyDescription="The form for scores, verdict, pros and cons will appear here."
    />
  );
}
