// @vitest-environment jsdom
// The cards' reductions: from the rows themselves when the server sent price_reduction (in the first render,
// with no read of the device), and from the held price history only for rows without it.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderHook, waitFor } from '@testing-library/react';
import { db } from '../db';
import { listingRow } from '../testing/fixtures';
import { withFreshStore } from '../testing/fresh-store';
import type { ListingRow } from './types';
import { useReductions } from './use-catalogue';

withFreshStore();
afterEach(() => vi.restoreAllMocks());

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const withReduction = (n: number, reduction: number) =>
  ({ ...listingRow({ id: id(n), price: 10_000 }), price_reduction: reduction }) as ListingRow;

describe('useReductions', () => {
  it('answers in the first render from the rows that carry price_reduction, reading nothing', () => {
    const history = vi.spyOn(db.listing_price_history, 'where');
    const listings = vi.spyOn(db.vehicle_listings, 'bulkGet');
    const rows = [withReduction(1, 750), withReduction(2, 0)];
    const { result } = renderHook(() => useReductions(rows));
    expect(result.current).toEqual({ [id(1)]: 750 });
    expect(history).not.toHaveBeenCalled();
    expect(listings).not.toHaveBeenCalled();
  });

  it('asks the held price history for the rows without the field, and follows it', async () => {
    const plain = listingRow({ id: id(3), price: 9_000 });
    await db.listing_price_history.bulkPut([
      { id: id(100), vehicle_listing_id: id(3), price: 9_500, changed_at: '2026-01-01' },
      { id: id(101), vehicle_listing_id: id(3), price: 9_000, changed_at: '2026-02-01' },
    ]);
    const rows = [withReduction(1, 750), plain];
    const { result } = renderHook(() => useReductions(rows));
    // Not answered until the history has been read: no card shows a wrong "no reduction" meanwhile.
    expect(result.current).toBeUndefined();
    await waitFor(() => expect(result.current).toEqual({ [id(1)]: 750, [id(3)]: 500 }));
    await db.listing_price_history.put({
      id: id(102),
      vehicle_listing_id: id(3),
      price: 8_000,
      changed_at: '2026-03-01',
    });
    await waitFor(() => expect(result.current).toEqual({ [id(1)]: 750, [id(3)]: 1_500 }));
  });
});
