import { usePageTitle } from '../use-page-title';
import { useParams } from 'react-router-dom';
import { ListingScreen } from '@/features/listing';

/** Opened from the marketplace and from notifications (/marketplace/{vehicle_listing_id}). */
export default function ListingDetailScreen() {
  const { listingId = '' } = useParams();
  usePageTitle('Car for sale');
  return <ListingScreen listingId={listingId} />;
}
