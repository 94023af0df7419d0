import { useDealerListingWrites } from '@/data/leads';
import type { ListingStatus, VehicleListing } from '@/data/types';
import { Badge, Button, toast } from '@/shared/ui';

export const STATUS_LABEL: Record<ListingStatus, string> = { active: 'On sale', reserved: 'Reserved', sold: 'Sold' };
/** How long "Undo" stays offered after Reserved, Sold or Back on sale. */
export const UNDO_MS = 10_000;

const DONE: Record<ListingStatus, string> = {
  active: 'Back on sale',
  reserved: 'Marked reserved',
  sold: 'Marked sold',
};
const EFFECT: Record<ListingStatus, string> = {
  active: 'Shoppers can enquire and set price alerts again.',
  reserved: 'Shoppers see it as reserved.',
  sold: 'Its page no longer offers price alerts.',
};

/** The status badge and its changes; each change can be undone for 10 seconds from its toast. */
export function StatusActions({ listing: l }: { listing: VehicleListing }) {
  const writes = useDealerListingWrites();
  const change = async (status: ListingStatus) => {
    const before = l.status;
    await writes.setStatus(l.id, status);
    toast({
      title: `${DONE[status]}: ${l.title}`,
      description: EFFECT[status],
      duration: UNDO_MS,
      action: {
        label: 'Undo',
        onClick: () =>
          void writes
            .setStatus(l.id, before)
            .then(() =>
              toast({ title: `Undone: ${l.title} is ${STATUS_LABEL[before].toLowerCase()}`, duration: 4000 }),
            ),
      },
    });
  };
  return (
    <div className="hub-listing__status">
      <Badge variant={l.status === 'active' ? 'success' : l.status === 'reserved' ? 'warning' : 'neutral'}>
        {STATUS_LABEL[l.status]}
      </Badge>
      <div className="hub-status-buttons" role="group" aria-label={`Status of ${l.title}`}>
        {l.status === 'active' && (
          <Button size="sm" variant="ghost" onClick={() => void change('reserved')}>
            Mark reserved
          </Button>
        )}
        {l.status !== 'sold' && (
          <Button size="sm" variant="ghost" onClick={() => void change('sold')}>
            Mark sold
          </Button>
        )}
        {l.status !== 'active' && (
          <Button size="sm" variant="ghost" onClick={() => void change('active')}>
            Back on sale
          </Button>
        )}
      </div>
    </div>
  );
}
