import { CarIcon } from '@/shared/ui';
import { PlannedScreen } from '../components/planned-screen';

export default function Screen() {
  return (
    <PlannedScreen
      eyebrow="Browse"
      title="Browse cars"
      intro="Every new and nearly-new car sold in the UK, with filters for budget, body style, fuel type and running costs."
      icon={<CarIcon size={26} />}
      emptyTitle="The car catalogue loads here"
      emptyDescription="Brand and model cards with prices in pounds, insurance groups and road tax will fill this page once the catalogue has synced to your device."
    />
  );
}
