import { MailIcon } from '@/shared/ui';
import { PlannedScreen } from '../components/planned-screen';

export default function Screen() {
  return (
    <PlannedScreen
      eyebrow="Enquiries"
      title="My leads"
      intro="Messages you have sent to dealers about their cars, and their replies."
      icon={<MailIcon size={26} />}
      emptyTitle="No enquiries yet"
      emptyDescription="When you contact a dealer about a listing, the conversation will be kept here."
    />
  );
}
