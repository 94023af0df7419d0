import { ShieldIcon } from '@/shared/ui';
import { PlannedScreen } from '../components/planned-screen';

export default function Screen() {
  return (
    <PlannedScreen
      eyebrow="Admin"
      title="Admin dashboard"
      intro="An overview of reviews, users, security events and error reports."
      icon={<ShieldIcon size={26} />}
      emptyTitle="Admin overview"
      emptyDescription="Counts and recent activity across the site will be summarised here."
    />
  );
}
