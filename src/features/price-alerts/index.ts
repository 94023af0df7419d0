// Price alerts on a listing (the settings' alert list lives in the notifications feature).
export { PriceAlertControl } from './components/price-alert-control';
export { parsePriceAlertTarget } from './validation';
