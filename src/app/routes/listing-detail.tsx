import { usePageTitle } from '../use-page-title';
import { useParams } from 'react-router-dom';
import { ListingScreen } from '@/features/listing';
import { ContactDealer } from '@/features/enquiries';
import { useViewer } from '../use-viewer';

/** Opened from the marketplace and from notifications (/marketplace/{vehicle_listing_id}). */
export default function ListingDetailScreen() {
  const { listingId = '' } = useParams();
  const viewer = useViewer();
  usePageTitle('Car for sale');
  return <ListingScreen listingId={listingId} enquiryAction={<ContactDealer listingId={listingId} viewer={viewer} />} />;
}
