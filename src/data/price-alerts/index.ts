// Price alerts: the repository, the live-query hooks and the write hook.
export {
  usePriceAlerts,
  usePriceAlertForListing,
  useListingForAlert,
  type PriceAlertView,
} from '../hooks/use-price-alerts';
export { priceAlertWrites } from '../writers';
export {
  createPriceAlert,
  setPriceAlertActive,
  deletePriceAlert,
  DEFAULT_PRICE_DROP_THRESHOLD,
  PRICE_ALERTS_MAX,
  PRICE_ALERTS_TOO_MANY,
  PriceAlertLimitError,
  type NewPriceAlert,
} from '../repositories/price-alerts';
