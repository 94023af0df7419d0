// A price indicator from the server's market value (listing_market_values), so rating a card needs
// neither the comparables on the device nor a second copy of the rules: the cases the indicator does
// not rate and their messages come from priceIndicator itself, the rating from ratedAgainst.
import { MIN_COMPARABLES, priceIndicator, ratedAgainst, type PriceIndicator, type PricedListing } from '@/domain/uk';
import type { MarketValue } from './server-reads';

export function indicatorFromMarket(
  car: PricedListing,
  market: MarketValue | undefined,
  referenceYear: number,
): PriceIndicator {
  // With no comparables priceIndicator stops at the first rule the car fails, or at too few comparables.
  const unrated = priceIndicator(car, [], referenceYear);
  if (unrated.available || unrated.reason !== 'too_few_comparables') return unrated;
  if (!market || market.comparables < MIN_COMPARABLES || !market.market_value) return unrated;
  return ratedAgainst(car.price, market.market_value, market.comparables);
}
