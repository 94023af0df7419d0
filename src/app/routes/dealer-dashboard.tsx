import { ChartIcon } from '@/shared/ui';
import { PlannedScreen } from '../components/planned-screen';

export default function Screen() {
  return (
    <PlannedScreen
      eyebrow="Dealers"
      title="Dealer hub"
      intro="Manage your forecourt: listings, prices and the enquiries buyers send you."
      icon={<ChartIcon size={26} />}
      emptyTitle="Your dealer tools will appear here"
      emptyDescription="Listings, lead inbox and pricing insights for your dealership will be shown here."
    />
  );
}
