import { describe, expect, it } from 'vitest';
import { priceWhenSaved } from './saved-prices';

const history = [
  { price: 15_000, changed_at: '2026-10-01T09:00:00Z' },
  { price: 14_500, changed_at: '2026-10-20T09:00:00Z' },
  { price: 13_995, changed_at: '2026-11-10T09:00:00Z' },
];

describe('priceWhenSaved', () => {
  it('is the price in force when the car was saved', () => {
    expect(priceWhenSaved(history, '2026-10-05T12:00:00Z', 13_995)).toBe(15_000);
    expect(priceWhenSaved(history, '2026-10-20T09:00:00Z', 13_995)).toBe(14_500);
    expect(priceWhenSaved(history, '2026-11-27T12:00:00Z', 13_995)).toBe(13_995);
  });

  it('reads the history in time order, whatever order it comes in', () => {
    expect(priceWhenSaved([...history].reverse(), '2026-10-25T00:00:00Z', 13_995)).toBe(14_500);
  });

  it('takes the first price for a save before any entry, and the current price without a history', () => {
    expect(priceWhenSaved(history, '2026-09-01T00:00:00Z', 13_995)).toBe(15_000);
    expect(priceWhenSaved([], '2026-10-05T12:00:00Z', 13_995)).toBe(13_995);
    expect(priceWhenSaved(history, null, 13_995)).toBe(13_995);
  });
});
