import { StockEditorScreen } from '@/features/dealer-hub';
import { usePageTitle } from '../use-page-title';
import { useViewer } from '../use-viewer';

export default function Screen() {
  usePageTitle('Add a car');
  return <StockEditorScreen viewer={useViewer()} />;
}
