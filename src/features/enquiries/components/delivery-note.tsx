import type { Delivery } from '@/data/leads';
import { AlertIcon } from '@/shared/ui';

export const QUEUED_TEXT = "Queued: it will be sent when you're back online.";

/** Where a locally made enquiry or message stands: queued, sending, refused (with the server's reason). */
export function DeliveryNote({
  delivery,
  online,
  what = 'enquiry',
}: {
  delivery: Delivery;
  online: boolean;
  what?: string;
}) {
  if (delivery.state === 'sent') return null;
  if (delivery.state === 'queued')
    return (
      <p className="enq-delivery enq-delivery--queued" role="status" data-testid="delivery-queued">
        {online ? `Sending your ${what}…` : QUEUED_TEXT}
      </p>
    );
  return (
    <p className="enq-delivery enq-delivery--failed" role="alert" data-testid="delivery-failed">
      <AlertIcon size={16} />
      <span>Not sent: {delivery.message}</span>
    </p>
  );
}
