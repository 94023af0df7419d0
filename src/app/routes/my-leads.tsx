import { MyLeadsScreen } from '@/features/enquiries';
import { usePageTitle } from '../use-page-title';
import { useViewer } from '../use-viewer';

export default function Screen() {
  usePageTitle('My leads');
  return <MyLeadsScreen viewer={useViewer()} />;
}
