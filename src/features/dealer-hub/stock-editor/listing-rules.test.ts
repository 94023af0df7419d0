import { describe, expect, it } from 'vitest';
import { EMPTY_STOCK_FORM } from './form-state';
import {
  fieldForServerMessage,
  plateError,
  priceNeedsConfirmation,
  splitFeatures,
  validateStockForm,
  type StockForm,
} from './listing-rules';

const TODAY = '2026-11-28';
const good: StockForm = {
  ...EMPTY_STOCK_FORM,
  registration: 'ab24 cde',
  brandId: 'brand',
  modelId: 'model',
  variant: ' 1.5 TSI Life ',
  year: '2024',
  mileage: '12,400',
  price: '£18,995',
  fuel: 'petrol',
  gearbox: 'manual',
  body: 'hatchback',
  colour: 'Moonstone Grey',
  doors: '5',
  seats: '5',
  engineCc: '1498',
  features: 'Heated seats\nApple CarPlay, heated seats',
};

describe('plate against year', () => {
  it('March-August plates carry the year; September-February plates +50 and span two years', () => {
    expect(plateError('AB24 CDE', 2024, null)).toBeNull();
    expect(plateError('AB74 CDE', 2024, null)).toBeNull();
    expect(plateError('AB74 CDE', 2025, null)).toBeNull();
    expect(plateError('AB74 CDE', 2023, null)).toBe("The plate's age identifier 74 does not match the year 2023.");
    expect(plateError('AB24 CDE', 2025, null)).toBe("The plate's age identifier 24 does not match the year 2025.");
  });
  it('a first registration date must give the plate its age identifier', () => {
    expect(plateError('AB74 CDE', 2025, '2025-01-15')).toBeNull();
    expect(plateError('AB74 CDE', 2025, '2025-04-01')).toBe(
      "The plate's age identifier 74 does not match the first registration date.",
    );
  });
  it('a car from 2002 on needs a current-format plate; older ones may keep theirs', () => {
    expect(plateError('A123 BCD', 2010, null)).toBe('Enter a registration like AB10 CDE.');
    expect(plateError('A123 BCD', 1995, null)).toBeNull();
    expect(plateError('', 2020, null)).toBe('Enter the registration.');
  });
});

describe('validateStockForm', () => {
  it('turns a good form into the listing values', () => {
    const result = validateStockForm(good, TODAY);
    expect(result).toMatchObject({
      ok: true,
      values: {
        registration: 'AB24 CDE',
        variant: '1.5 TSI Life',
        year: 2024,
        mileage: 12_400,
        price: 18_995,
        engine_cc: 1498,
        features: ['Heated seats', 'Apple CarPlay'],
        previous_owners: null,
        mot_expiry: null,
      },
    });
  });
  it('gives one clear message per bad field', () => {
    const result = validateStockForm(
      { ...good, registration: 'AB24 CDE', year: '2019', mileage: '-3', price: '1', doors: '7', colour: ' ' },
      TODAY,
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toEqual({
      registration: "The plate's age identifier 24 does not match the year 2019.",
      mileage: 'Enter the mileage: 0 to 999,999 miles.',
      price: 'The price must be between £100 and £5,000,000.',
      doors: 'Doors must be 2 to 5.',
      colour: 'Enter the colour (up to 40 characters).',
    });
  });
  it('needs no engine size for an electric car, and refuses a year to come', () => {
    const ev = validateStockForm({ ...good, fuel: 'electric', engineCc: '' }, TODAY);
    expect(ev.ok && ev.values.engine_cc).toBeNull();
    const future = validateStockForm({ ...good, year: '2027', registration: 'AB27 CDE' }, TODAY);
    expect(!future.ok && future.errors.year).toBe('Enter a year between 1950 and 2026.');
  });
  it('puts a first-registration mismatch on that field', () => {
    const result = validateStockForm({ ...good, registrationDate: '2024-10-01' }, TODAY);
    expect(!result.ok && result.errors).toEqual({
      registrationDate: "The plate's age identifier 24 does not match the first registration date.",
    });
  });
});

describe('helpers', () => {
  it('a price under £500 or a cut over 30% needs confirming', () => {
    expect(priceNeedsConfirmation(null, 499)).toBe(true);
    expect(priceNeedsConfirmation(null, 500)).toBe(false);
    expect(priceNeedsConfirmation(20_000, 14_000)).toBe(false);
    expect(priceNeedsConfirmation(20_000, 13_999)).toBe(true);
  });
  it('features are trimmed and not repeated', () => {
    expect(splitFeatures(' Sat nav ,\n\nsat NAV\nHeated  seats')).toEqual(['Sat nav', 'Heated seats']);
  });
  it('maps the server trigger sentences back to their fields', () => {
    expect(fieldForServerMessage("The plate's age identifier 24 does not match the year 2019.")).toBe('registration');
    expect(fieldForServerMessage("The plate's age identifier 74 does not match the first registration date.")).toBe(
      'registrationDate',
    );
    expect(fieldForServerMessage('Enter the mileage: 0 to 999,999 miles.')).toBe('mileage');
    expect(fieldForServerMessage('listing_price_out_of_range: a price must be between £100 and £5,000,000')).toBe(
      'price',
    );
    expect(fieldForServerMessage("A photo is not one of this car's uploads.")).toBe('photos');
  });
});
