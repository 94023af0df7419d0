import { CarIcon } from '@/shared/ui';
import { PlannedScreen } from '../components/planned-screen';

export default function Screen() {
  return (
    <PlannedScreen
      eyebrow="Buy with confidence"
      title="Marketplace"
      intro="Used and nearly-new cars from UK dealers, with price history, mileage and a clear price indicator."
      icon={<CarIcon size={26} />}
      emptyTitle="Listings will appear here"
      emptyDescription="Dealer listings with photos, prices in pounds, mileage and registration year will be shown here with filters and sorting."
    />
  );
}
