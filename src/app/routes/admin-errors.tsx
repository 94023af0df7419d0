import { AlertIcon } from '@/shared/ui';
import { PlannedScreen } from '../components/planned-screen';

export default function Screen() {
  return (
    <PlannedScreen
      eyebrow="Admin"
      title="Error reports"
      intro="Errors reported from the app, with their context and severity."
      icon={<AlertIcon size={26} />}
      emptyTitle="Error reports"
      emptyDescription="Reports sent from the error screens will be listed here."
    />
  );
}
