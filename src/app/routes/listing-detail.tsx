import { usePageTitle } from '../use-page-title';
import { useParams } from 'react-router-dom';
import { useAuth } from '@/features/auth';
import { ListingScreen } from '@/features/catalogue/listing/listing-screen';
import { PriceAlertControl } from '@/features/price-alerts';

/** Opened from the marketplace and from notifications (/marketplace/{vehicle_listing_id}). */
export default function ListingDetailScreen() {
  const { listingId = '' } = useParams();
  const signedIn = useAuth((s) => Boolean(s.user));
  usePageTitle('Car for sale');
  return <ListingScreen listingId={listingId} priceAlertAction={<PriceAlertControl listingId={listingId} signedIn={signedIn} />} />;
}
