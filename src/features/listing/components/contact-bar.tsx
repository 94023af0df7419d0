import { BookmarkButton } from '@/entities/car';
import { buttonClass, Button, MailIcon, PhoneIcon } from '@/shared/ui';
import { telHref } from '../tel';

export interface ContactBarProps {
  listingId: string;
  title: string;
  dealerName?: string;
  phone?: string | null;
  /** Opens the enquiry form (or sign-in first); absent when the dealer takes no enquiries (a sold car). */
  onMessage?: () => void;
}

/**
 * Call, Message and Save: pinned to the bottom of the screen on a phone and tablet (always in reach of a
 * thumb), a row of buttons in the price panel on a wide screen.
 */
export function ContactBar({ listingId, title, dealerName, phone, onMessage }: ContactBarProps) {
  const tel = telHref(phone);
  return (
    <div className="lbar" role="group" aria-label="Contact the dealer or save this car" data-testid="contact-bar">
      {tel && (
        <a
          className={buttonClass({ variant: 'primary' }, 'lbar__call')}
          href={tel}
          aria-label={`Call ${dealerName ?? 'the dealer'} on ${phone}`}
          data-testid="listing-call"
        >
          <PhoneIcon size={18} />
          Call
        </a>
      )}
      {onMessage && (
        <Button
          variant="secondary"
          className="lbar__message"
          icon={<MailIcon size={18} />}
          onClick={onMessage}
          data-testid="listing-message"
        >
          Message
        </Button>
      )}
      <BookmarkButton target={{ listingId }} label={title} short />
    </div>
  );
}
