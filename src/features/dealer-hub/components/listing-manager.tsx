import { useCallback, useId, useMemo, useState, type ReactNode } from 'react';
import { useParkedOpActions, useSyncQueue } from '@/data/sync-queue';
import type { VehicleListing } from '@/data/types';
import { useListingIndicators } from '@/data/catalogue';
import { sendSyncCommand } from '@/sync';
import type { ListingPerformance } from '../api/listing-performance';
import { Button, ButtonLink, CarIcon, EmptyState, Input, LoadingBlock, Select, VirtualGrid } from '@/shared/ui';
import {
  STOCK_SORT_LABELS,
  listingSyncStates,
  selectStock,
  statusCounts,
  type RowSync,
  type StockItem,
  type StockSort,
  type StockStatusFilter,
} from '../stock-list';
import { StockRow } from './stock-row';
import { STATUS_LABEL } from './status-actions';

/** The editor helper's route for a new car (/dealer/stock/new); literal until routes.ts has a builder. */
export const STOCK_NEW_HREF = '/dealer/stock/new';

const SENT: RowSync = { state: 'sent' };
const kickSync = () => sendSyncCommand({ type: 'kick' });
const SORT_OPTIONS = (Object.keys(STOCK_SORT_LABELS) as StockSort[]).map((value) => ({
  value,
  label: STOCK_SORT_LABELS[value],
}));

export interface ListingManagerProps {
  listings: VehicleListing[];
  leadCounts: Map<string, number>;
  /** Views and saves from the server; undefined while offline or loading. */
  performance: Map<string, ListingPerformance> | undefined;
  /** The first catalogue download is still bringing the dealer's cars in. */
  arriving?: boolean;
  /** The stock editor's photo upload state of a listing, when it has one. */
  renderPhotos?: (listingId: string) => ReactNode;
}

/** The dealer's stock: search, status filter and sort over a virtualised list of rows. */
export function ListingManager({
  listings,
  leadCounts,
  performance,
  arriving = false,
  renderPhotos,
}: ListingManagerProps) {
  const id = useId();
  const [text, setText] = useState('');
  const [status, setStatus] = useState<StockStatusFilter>('all');
  const [sort, setSort] = useState<StockSort>('newest');
  const queue = useSyncQueue();
  const { discard } = useParkedOpActions(kickSync);
  const onDiscard = useCallback((opId: string) => void discard(opId), [discard]);
  const indicators = useListingIndicators(listings);

  const items = useMemo<StockItem[]>(
    () =>
      listings.map((listing) => ({
        listing,
        leads: leadCounts.get(listing.id) ?? 0,
        views: performance?.get(listing.id)?.views ?? null,
        saves: performance?.get(listing.id)?.saves ?? null,
      })),
    [listings, leadCounts, performance],
  );
  const counts = statusCounts(items);
  const shown = useMemo(() => selectStock(items, { text, status, sort }), [items, text, status, sort]);
  const syncStates = useMemo(() => listingSyncStates(queue?.queued ?? [], queue?.parked ?? []), [queue]);
  const statusOptions = (['all', 'active', 'reserved', 'sold'] as const).map((s) => ({
    value: s,
    label: `${s === 'all' ? 'All statuses' : STATUS_LABEL[s]} (${counts[s]})`,
  }));

  return (
    <section className="hub-section" aria-labelledby={`${id}-h`}>
      <div className="hub-section__head hub-stock-head">
        <div>
          <h2 id={`${id}-h`}>Your stock</h2>
          <p className="hub-muted">A confirmed price cut notifies every shopper whose price alert it reaches.</p>
        </div>
        <ButtonLink to={STOCK_NEW_HREF} variant="primary" icon={<CarIcon size={18} />}>
          Add a car
        </ButtonLink>
      </div>
      {arriving ? (
        <LoadingBlock label="Downloading your listings…" />
      ) : listings.length === 0 ? (
        <EmptyState
          icon={<CarIcon size={26} />}
          headingLevel="h3"
          title="No listings yet"
          description="Add your first car: it appears in shoppers' marketplaces as soon as it is sent."
        />
      ) : (
        <>
          <div className="hub-toolbar" role="search" aria-label="Your stock">
            <div className="hub-toolbar__field hub-toolbar__search">
              <label htmlFor={`${id}-q`}>Search</label>
              <Input
                id={`${id}-q`}
                type="search"
                value={text}
                placeholder="Model or registration"
                onChange={(e) => setText(e.target.value)}
              />
            </div>
            <div className="hub-toolbar__field">
              <label htmlFor={`${id}-s`}>Status</label>
              <Select
                id={`${id}-s`}
                options={statusOptions}
                value={status}
                onChange={(e) => setStatus(e.target.value as StockStatusFilter)}
              />
            </div>
            <div className="hub-toolbar__field">
              <label htmlFor={`${id}-o`}>Sort by</label>
              <Select
                id={`${id}-o`}
                options={SORT_OPTIONS}
                value={sort}
                onChange={(e) => setSort(e.target.value as StockSort)}
              />
            </div>
          </div>
          <p className="hub-muted" aria-live="polite" data-testid="hub-stock-count">
            {shown.length === items.length
              ? `${items.length} ${items.length === 1 ? 'car' : 'cars'}`
              : `${shown.length} of ${items.length} cars`}
          </p>
          {shown.length === 0 ? (
            <div className="hub-nomatch">
              <p>No cars match.</p>
              <Button size="sm" variant="outline" onClick={() => (setText(''), setStatus('all'))}>
                Show all stock
              </Button>
            </div>
          ) : (
            <VirtualGrid
              items={shown}
              getKey={(i) => i.listing.id}
              minColumnWidth={null}
              estimateRowHeight={230}
              gap={12}
              className="hub-list hub-list--listings"
              testId="hub-stock-list"
              renderItem={(item) => (
                <StockRow
                  item={item}
                  indicator={indicators?.[item.listing.id]}
                  sync={syncStates.get(item.listing.id) ?? SENT}
                  onDiscard={onDiscard}
                  photos={renderPhotos?.(item.listing.id)}
                />
              )}
            />
          )}
        </>
      )}
    </section>
  );
}
