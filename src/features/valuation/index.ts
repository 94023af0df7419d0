// /value-my-car: a market value range for the shopper's own car from comparable listings, and a way
import './valuation.css';
// to carry it into an enquiry as a part exchange.
export { ValuationScreen } from './components/valuation-screen';
