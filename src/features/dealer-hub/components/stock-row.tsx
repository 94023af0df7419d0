import { memo, useId, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { PriceIndicatorBadge } from '@/entities/car';
import type { PriceIndicator } from '@/domain/uk';
import { formatDaysOnSale, formatMiles } from '@/shared/lib/format';
import { href } from '@/shared/lib/routes';
import { Button, ButtonLink } from '@/shared/ui';
import type { RowSync, StockItem } from '../stock-list';
import { PriceEditor } from './price-editor';
import { StatusActions } from './status-actions';

export interface StockRowProps {
  item: StockItem;
  indicator: PriceIndicator | undefined;
  sync: RowSync;
  /** Drops a refused change: the row goes back to what the server has. */
  onDiscard: (opId: string) => void;
  /** The stock editor's photo upload state for this row, when it has one. */
  photos?: ReactNode;
}

/** Where the editor helper's routes are (/dealer/stock/:id/edit); literal until routes.ts has builders. */
export const stockEditHref = (listingId: string) => `/dealer/stock/${encodeURIComponent(listingId)}/edit`;

/** One car of the dealer's stock: figures, edit state, price and status. */
export const StockRow = memo(function StockRow({ item, indicator, sync, onDiscard, photos }: StockRowProps) {
  const { listing: l, leads, views, saves } = item;
  const id = useId();
  return (
    <article className="hub-listing" data-testid="hub-listing" data-sync={sync.state} aria-labelledby={`${id}-t`}>
      <div className="hub-listing__main">
        <h3 id={`${id}-t`}>
          <Link to={href.listing(l.id)}>{l.title}</Link>
        </h3>
        <p className="hub-muted">{[l.registration, formatMiles(l.mileage)].filter(Boolean).join(' · ')}</p>
      </div>
      <PriceEditor listing={l} />
      <dl className="hub-figures" aria-label={`Performance of ${l.title}`}>
        <Figure label="Views" value={views} />
        <Figure label="Saves" value={saves} />
        <Figure label="Leads" value={leads} />
        <div>
          <dt>On sale</dt>
          <dd>{formatDaysOnSale(l.listed_at).replace(' on sale', '')}</dd>
        </div>
        <div>
          <dt>Market</dt>
          <dd>
            {indicator?.available ? (
              <PriceIndicatorBadge indicator={indicator} />
            ) : (
              <span className="hub-muted">
                <span aria-hidden="true">–</span>
                <span className="sr-only">Too few similar cars to compare</span>
              </span>
            )}
          </dd>
        </div>
      </dl>
      <SyncNote sync={sync} onDiscard={onDiscard} title={l.title} />
      {photos}
      <div className="hub-listing__actions">
        <StatusActions listing={l} />
        <ButtonLink to={stockEditHref(l.id)} size="sm" variant="outline" aria-label={`Edit ${l.title}`}>
          Edit
        </ButtonLink>
      </div>
    </article>
  );
});

function Figure({ label, value }: { label: string; value: number | null }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd data-testid={`figure-${label.toLowerCase()}`}>{value === null ? '–' : value.toLocaleString('en-GB')}</dd>
    </div>
  );
}

function SyncNote({ sync, onDiscard, title }: { sync: RowSync; onDiscard: (opId: string) => void; title: string }) {
  if (sync.state === 'sent') return null;
  if (sync.state === 'pending')
    return (
      <p className="hub-sync hub-sync--pending" data-testid="hub-listing-sync">
        Not yet sent: your change shows here but the marketplace gets it when the server has it.
      </p>
    );
  return (
    <div className="hub-sync hub-sync--refused" role="alert" data-testid="hub-listing-sync">
      <p>Not saved. {sync.message}</p>
      <Button
        size="sm"
        variant="outline"
        onClick={() => onDiscard(sync.opId)}
        aria-label={`Undo my change to ${title}`}
      >
        Undo my change
      </Button>
    </div>
  );
}
