import { describe, expect, it } from 'vitest';
import {
  ENQUIRY_MESSAGES,
  isUkPhone,
  isUkRegistration,
  parseMileage,
  validateEnquiry,
  type EnquiryForm,
} from './validation';

const valid: EnquiryForm = {
  name: 'Pat Buyer',
  email: 'pat@example.com',
  phone: '',
  message: 'Is it still available?',
  partExchange: false,
  partExchangeRegistration: '',
  partExchangeMileage: '',
  financeInterest: true,
};

describe('validateEnquiry', () => {
  it('accepts a complete form with the phone left empty', () => {
    expect(validateEnquiry(valid)).toEqual({});
  });

  it('names every missing or malformed field with its message', () => {
    expect(validateEnquiry({ ...valid, name: '  ', email: 'pat@', message: '', phone: '12345' })).toEqual({
      name: ENQUIRY_MESSAGES.name,
      email: 'Invalid email format',
      message: ENQUIRY_MESSAGES.message,
      phone: ENQUIRY_MESSAGES.phone,
    });
  });

  it('issue 31 hole 9: refuses an address carrying mailto parameters with the spec message', () => {
    for (const email of ['a@b.co?bcc=x%40evil.example', 'a?cc=x@evil.example', 'a#x@b.co'])
      expect(validateEnquiry({ ...valid, email })).toEqual({ email: 'Invalid email format' });
    expect(validateEnquiry({ ...valid, email: "  o'brien+cars@mail.example.co.uk " })).toEqual({});
  });

  it('limits the name and message to what the server stores', () => {
    const errors = validateEnquiry({ ...valid, name: 'x'.repeat(101), message: 'y'.repeat(2001) });
    expect(errors).toEqual({ name: ENQUIRY_MESSAGES.nameLength, message: ENQUIRY_MESSAGES.messageLength });
  });

  it('asks for the part-exchange registration and mileage only when part exchange is ticked', () => {
    const px = { ...valid, partExchange: true };
    expect(validateEnquiry(px)).toEqual({
      partExchangeRegistration: ENQUIRY_MESSAGES.registration,
      partExchangeMileage: ENQUIRY_MESSAGES.mileage,
    });
    expect(validateEnquiry({ ...px, partExchangeRegistration: 'ab12 cde', partExchangeMileage: '42,000' })).toEqual({});
    expect(validateEnquiry({ ...valid, partExchangeRegistration: 'nonsense!', partExchangeMileage: 'lots' })).toEqual(
      {},
    );
  });
});

describe('UK formats', () => {
  it('phone numbers', () => {
    expect(isUkPhone('07700 900123')).toBe(true);
    expect(isUkPhone('+44 7700 900123')).toBe(true);
    expect(isUkPhone('(01632) 960158')).toBe(true);
    expect(isUkPhone('7700900123')).toBe(false);
    expect(isUkPhone('0770090012a')).toBe(false);
  });

  it('registrations of every style, letters and digits only', () => {
    for (const reg of ['AB12 CDE', 'A123 BCD', 'ABC 123D', '1 ABC', 'K9']) expect(isUkRegistration(reg)).toBe(true);
    for (const reg of ['ABCDEFG', '1234', 'AB12-CDE', 'AB12 CDEF']) expect(isUkRegistration(reg)).toBe(false);
  });

  it('mileage in whole miles up to a million', () => {
    expect(parseMileage('42,000')).toBe(42000);
    expect(parseMileage('42000 miles')).toBe(42000);
    expect(parseMileage('0')).toBe(0);
    expect(parseMileage('4.5')).toBeNull();
    expect(parseMileage('-3')).toBeNull();
    expect(parseMileage('1000001')).toBeNull();
  });
});
