import { useParams } from 'react-router-dom';
import { usePageTitle } from '../use-page-title';
import { DealerScreen } from '@/features/dealer';
import { MarketplaceScreen } from '@/features/marketplace';

/** /dealers/{dealerId}: the dealer's page, with its stock searched by the marketplace. */
export default function Screen() {
  const { dealerId = '' } = useParams();
  usePageTitle('Car dealer');
  const id = dealerId.toLowerCase();
  return <DealerScreen dealerId={id} stock={<MarketplaceScreen dealerId={id} />} />;
}
