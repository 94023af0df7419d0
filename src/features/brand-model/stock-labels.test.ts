import { describe, expect, it } from 'vitest';
import { brandForSaleLabel, forSaleLabel, heldNote } from './stock-labels';

describe('stock labels', () => {
  it("gives the server's count of the whole market, marking an estimate", () => {
    expect(forSaleLabel('Puma', { total: 1234, estimated: false, source: 'server' })).toBe(
      'See 1,234 used Puma for sale',
    );
    expect(forSaleLabel('Puma', { total: 12000, estimated: true, source: 'server' })).toBe(
      'See about 12,000 used Puma for sale',
    );
    expect(brandForSaleLabel('Ford', 5400)).toBe('5,400 used Ford cars for sale');
    expect(brandForSaleLabel('Ford', 1)).toBe('1 used Ford car for sale');
  });

  it('puts no figure on the link offline or before the count, and says what the phone holds', () => {
    expect(forSaleLabel('Puma', { total: 3, estimated: false, source: 'device' })).toBe('See used Puma for sale');
    expect(forSaleLabel('Puma', undefined)).toBe('See used Puma for sale');
    expect(brandForSaleLabel('Ford', undefined)).toBe('Used Ford cars for sale');
    expect(heldNote(1)).toBe("You're offline: showing 1 car saved on this phone. Connect to see every one for sale.");
    expect(heldNote(0)).toMatch(/^You're offline: showing 0 cars saved/);
  });
});
