import { ShieldIcon } from '@/shared/ui';
import { PlannedScreen } from '../components/planned-screen';

export default function Screen() {
  return (
    <PlannedScreen
      eyebrow="Your privacy"
      title="Privacy settings"
      intro="Choose which cookies and data uses you are happy with. Necessary cookies are always on because the site cannot work without them."
      icon={<ShieldIcon size={26} />}
      emptyTitle="Cookie and data choices"
      emptyDescription="Switches for analytics, marketing and functional cookies will be shown here, with the date you last made a choice."
    />
  );
}
