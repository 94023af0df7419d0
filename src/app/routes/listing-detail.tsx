import { useParams } from 'react-router-dom';
import { ButtonLink, CarIcon } from '@/shared/ui';
import { href } from '@/shared/lib/routes';
import { PlannedScreen } from '../components/planned-screen';

/** Opened from the marketplace and from notifications (/marketplace/{vehicle_listing_id}). */
export default function ListingDetailScreen() {
  const { listingId = '' } = useParams();
  return (
    <PlannedScreen
      eyebrow="Marketplace listing"
      title="Listing details"
      intro={`Listing reference ${listingId}: photos, price history, mileage, the dealer and how to get in touch.`}
      icon={<CarIcon size={26} />}
      emptyTitle="Listing details will appear here"
      emptyDescription="The car’s price, price history, specification and dealer, with price alerts and an enquiry form, will be shown here."
      actions={<ButtonLink to={href.marketplace()}>Back to the marketplace</ButtonLink>}
    />
  );
}
