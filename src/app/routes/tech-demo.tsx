import { ChartIcon } from '@/shared/ui';
import { PlannedScreen } from '../components/planned-screen';

export default function Screen() {
  return (
    <PlannedScreen
      eyebrow="Under the bonnet"
      title="Tech demo"
      intro="How Motorly works offline: the local database, the sync queue and the service worker."
      icon={<ChartIcon size={26} />}
      emptyTitle="Live demos will appear here"
      emptyDescription="Interactive panels showing the local store, queued changes and cache status will be shown on this page."
    />
  );
}
