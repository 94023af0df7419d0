import { PRICE_INDICATOR_EXPLANATION, PRICE_INDICATOR_LIMITATIONS, type PriceIndicator } from '@/domain/uk';
import { formatGBP } from '@/shared/lib/format';
import { Badge, type BadgeVariant } from '@/shared/ui';

const VARIANT: Record<string, BadgeVariant> = { great: 'success', good: 'primary', fair: 'neutral', high: 'warning' };

/** "How we work this out": how a price figure is reached, then what it cannot know (one wording for every figure). */
export function PriceMethodNote({ explanation }: { explanation: string }) {
  return (
    <details className="cat-details">
      <summary>How we work this out</summary>
      <p>{explanation}</p>
      <p>{PRICE_INDICATOR_LIMITATIONS}</p>
    </details>
  );
}

export function PriceIndicatorBadge({ indicator }: { indicator: PriceIndicator | undefined }) {
  if (!indicator || !indicator.available) return null;
  return (
    <Badge variant={VARIANT[indicator.band]} data-testid="price-indicator">
      {indicator.label}
    </Badge>
  );
}

/** The market position panel, with "how we work this out". */
export function MarketPosition({ indicator, price }: { indicator: PriceIndicator; price: number }) {
  return (
    <div className="cat-market">
      {indicator.available ? (
        <>
          <p>
            <PriceIndicatorBadge indicator={indicator} />{' '}
            {indicator.difference === 0
              ? 'In line with the market value'
              : `${formatGBP(Math.abs(indicator.difference))} ${indicator.difference < 0 ? 'below' : 'above'} the market value`}{' '}
            of <strong>{formatGBP(indicator.marketValue)}</strong> (from {indicator.comparables} similar cars).
          </p>
          <MarketBar price={price} value={indicator.marketValue} />
        </>
      ) : (
        <p>No price indicator: {indicator.message}</p>
      )}
      <PriceMethodNote explanation={PRICE_INDICATOR_EXPLANATION} />
    </div>
  );
}

function MarketBar({ price, value }: { price: number; value: number }) {
  // -20%..+20% of market value across the bar.
  const pct = Math.max(0, Math.min(100, 50 + ((price - value) / value) * 250));
  return (
    <div
      className="cat-marketbar"
      role="img"
      aria-label={`Price position: ${pct < 50 ? 'below' : pct > 50 ? 'above' : 'at'} market value`}
    >
      <span className="cat-marketbar__seg cat-marketbar__seg--great">Great</span>
      <span className="cat-marketbar__seg cat-marketbar__seg--good">Good</span>
      <span className="cat-marketbar__seg cat-marketbar__seg--fair">Fair</span>
      <span className="cat-marketbar__seg cat-marketbar__seg--high">High</span>
      <span className="cat-marketbar__pin" style={{ left: `${pct}%` }} />
    </div>
  );
}
