import { describe, expect, it } from 'vitest';
import { parsePriceAlertTarget } from './validation';

describe('parsePriceAlertTarget', () => {
  it('accepts pounds below the current price, with £, commas and pence', () => {
    expect(parsePriceAlertTarget('15000', 18000)).toEqual({ ok: true, target: 15000 });
    expect(parsePriceAlertTarget(' £15,500 ', 18000)).toEqual({ ok: true, target: 15500 });
    expect(parsePriceAlertTarget('14999.99', 18000)).toEqual({ ok: true, target: 14999.99 });
  });
  it('explains what is wrong', () => {
    expect(parsePriceAlertTarget('', 18000)).toEqual({ ok: false, error: 'Enter the price you would pay, in pounds.' });
    expect(parsePriceAlertTarget('cheap', 18000)).toEqual({
      ok: false,
      error: 'Enter a price in pounds, like 15000 or 14999.99.',
    });
    expect(parsePriceAlertTarget('1.234', 18000)).toMatchObject({ ok: false });
    expect(parsePriceAlertTarget('0', 18000)).toEqual({ ok: false, error: 'The target price must be more than £0.' });
    expect(parsePriceAlertTarget('-5', 18000)).toEqual({ ok: false, error: 'The target price must be more than £0.' });
    expect(parsePriceAlertTarget('18000', 18000)).toEqual({
      ok: false,
      error: 'The target price must be below the current price of £18,000.',
    });
    expect(parsePriceAlertTarget('25,000', 18000)).toMatchObject({ ok: false });
  });
});
