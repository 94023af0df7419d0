import { CompareIcon } from '@/shared/ui';
import { PlannedScreen } from '../components/planned-screen';

export default function Screen() {
  return (
    <PlannedScreen
      eyebrow="Side by side"
      title="Compare cars"
      intro="Put up to four cars next to each other: prices, running costs, boot space, safety and our scores."
      icon={<CompareIcon size={26} />}
      emptyTitle="Nothing to compare yet"
      emptyDescription="Add cars from their pages with “Compare” and they will line up here."
    />
  );
}
