import { StarIcon } from '@/shared/ui';
import { PlannedScreen } from '../components/planned-screen';

export default function Screen() {
  return (
    <PlannedScreen
      eyebrow="Admin"
      title="Manage reviews"
      intro="Create, edit and publish expert reviews."
      icon={<StarIcon size={26} />}
      emptyTitle="Review list"
      emptyDescription="Every review with its status and score will be listed here, with edit and delete actions."
    />
  );
}
