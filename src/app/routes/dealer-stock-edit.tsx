import { useParams } from 'react-router-dom';
import { StockEditorScreen } from '@/features/dealer-hub';
import { usePageTitle } from '../use-page-title';
import { useViewer } from '../use-viewer';

export default function Screen() {
  const { listingId = '' } = useParams();
  usePageTitle('Edit car');
  return <StockEditorScreen key={listingId} viewer={useViewer()} listingId={listingId} />;
}
