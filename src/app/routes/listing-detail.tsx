import { usePageTitle } from '../use-page-title';
import { useParams } from 'react-router-dom';
import { ListingScreen, useRecordListingView } from '@/features/listing';
import { ContactDealer } from '@/features/enquiries';
import { useViewer } from '../use-viewer';
import { useAuth } from '@/features/auth';
import { PriceAlertControl } from '@/features/price-alerts';

/** Opened from the marketplace and from notifications (/marketplace/{vehicle_listing_id}). */
export default function ListingDetailScreen() {
  const { listingId = '' } = useParams();
  const viewer = useViewer();
  const signedIn = useAuth((s) => Boolean(s.user));
  usePageTitle('Car for sale');
  useRecordListingView(listingId); // the dealer's stock performance counts views
  return (
    <ListingScreen
      listingId={listingId}
      enquiryAction={<ContactDealer listingId={listingId} viewer={viewer} />}
      priceAlertAction={<PriceAlertControl listingId={listingId} signedIn={signedIn} />}
    />
  );
}
