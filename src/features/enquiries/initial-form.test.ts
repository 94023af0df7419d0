import { describe, expect, it } from 'vitest';
import type { PartExchangeCar } from '@/domain/part-exchange';
import { initialEnquiryForm } from './initial-form';

const car: PartExchangeCar = {
  make: 'Ford',
  model: 'Fiesta',
  year: 2019,
  mileage: 42000,
  registration: 'AB69 CDE',
  valuation: { low: 9000, high: 11000, value: 10000, partExchange: 8700, comparables: 12 },
  savedAt: '2026-11-23T10:00:00.000Z',
};
const base = { name: 'Sam Shopper', email: 'sam@example.com', listingTitle: '2021 Volkswagen Golf' };

describe('initialEnquiryForm', () => {
  it('leaves the part exchange off when none was chosen', () => {
    const form = initialEnquiryForm({ ...base, partExchange: null });
    expect(form).toMatchObject({ partExchange: false, partExchangeRegistration: '', partExchangeMileage: '' });
    expect(form.message).toBe("Hello, is the 2021 Volkswagen Golf still available? I'd like to arrange a viewing.");
  });

  it('fills the part-exchange fields and the message from the valued car', () => {
    const form = initialEnquiryForm({ ...base, partExchange: car });
    expect(form).toMatchObject({
      name: 'Sam Shopper',
      email: 'sam@example.com',
      partExchange: true,
      partExchangeRegistration: 'AB69 CDE',
      partExchangeMileage: '42,000',
    });
    expect(form.message).toContain("I'd like to part-exchange my 2019 Ford Fiesta (42,000 miles");
    expect(form.message).toContain('about £8,700');
  });

  it('leaves the registration for the shopper when the valuation had only a year', () => {
    const form = initialEnquiryForm({ ...base, partExchange: { ...car, registration: undefined } });
    expect(form.partExchangeRegistration).toBe('');
    expect(form.partExchangeMileage).toBe('42,000');
  });
});
