import { DealerHubScreen } from '@/features/dealer-hub';
import { usePageTitle } from '../use-page-title';
import { useViewer } from '../use-viewer';

export default function Screen() {
  usePageTitle('Dealer Hub');
  return <DealerHubScreen viewer={useViewer()} />;
}
