import { ShieldIcon } from '@/shared/ui';
import { PlannedScreen } from '../components/planned-screen';

export default function Screen() {
  return (
    <PlannedScreen
      eyebrow="Admin"
      title="Security"
      intro="Sign-in attempts, rate-limit hits and other security events."
      icon={<ShieldIcon size={26} />}
      emptyTitle="Security events"
      emptyDescription="Recent security events will be listed here, newest first."
    />
  );
}
