// The form's starting values: the viewer's name and e-mail, a ready-to-send message, and the car
// chosen on /value-my-car ("Use as part exchange") in the part-exchange fields.
import type { PartExchangeCar } from '@/domain/part-exchange';
import type { EnquiryForm } from './validation';

export interface InitialFormInput {
  name: string;
  email: string;
  listingTitle: string;
  partExchange: PartExchangeCar | null;
}

function formatPounds(pounds: number): string {
  return `£${Math.round(pounds).toLocaleString('en-GB')}`;
}

export function partExchangeSentence(car: PartExchangeCar): string {
  const miles = car.mileage.toLocaleString('en-GB');
  const value = formatPounds(car.valuation.partExchange);
  return `I'd like to part-exchange my ${car.year} ${car.make} ${car.model} (${miles} miles; Motorly values it at about ${value}).`;
}

export function initialEnquiryForm({ name, email, listingTitle, partExchange }: InitialFormInput): EnquiryForm {
  const ask = `Hello, is the ${listingTitle} still available? I'd like to arrange a viewing.`;
  return {
    name,
    email,
    phone: '',
    message: partExchange ? `${ask} ${partExchangeSentence(partExchange)}` : ask,
    partExchange: partExchange !== null,
    partExchangeRegistration: partExchange?.registration ?? '',
    partExchangeMileage: partExchange ? partExchange.mileage.toLocaleString('en-GB') : '',
    financeInterest: false,
  };
}
