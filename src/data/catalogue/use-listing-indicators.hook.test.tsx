// @vitest-environment jsdom
// The cards' price indicators are asked of the server once the frame showing the cars is drawn, not in the task
// that commits them: that request's start made a long task at 4x CPU and held the new search's frame back.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { afterNextPaint } from '@/shared/lib/after-next-paint';
import { listingRow } from '../testing/fixtures';
import type { ListingRow } from './types';
import { useListingIndicators } from './use-listing-indicators';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const rows = (from: number, to: number): ListingRow[] =>
  Array.from({ length: to - from }, (_, i) => listingRow({ id: id(from + i), car_model_id: 'm1', price: 10_000 }));

/** The ids each market-values request asked for. */
function stubMarketValues(): string[][] {
  const asked: string[][] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: RequestInit) => {
      const ids = (JSON.parse(String(init.body)) as { ids: string[] }).ids;
      asked.push(ids);
      const values = Object.fromEntries(ids.map((i) => [i, { market_value: 12_000, comparables: 8 }]));
      return new Response(JSON.stringify(values), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
  return asked;
}

const drawnFrame = () => new Promise<void>((resolve) => afterNextPaint(resolve));

describe('useListingIndicators', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("asks for the cars' market values after the frame that shows them, not in their commit", async () => {
    const asked = stubMarketValues();
    const { result } = renderHook(({ list }) => useListingIndicators(list), { initialProps: { list: rows(0, 3) } });
    expect(asked).toEqual([]);
    expect(result.current).toBeUndefined();
    await act(drawnFrame);
    expect(asked).toEqual([[id(0), id(1), id(2)]]);
    await vi.waitFor(() => expect(Object.keys(result.current ?? {})).toHaveLength(3));
  });

  it('asks once for the cars that arrive before that frame (the device rows, then the server page)', async () => {
    const asked = stubMarketValues();
    const { rerender } = renderHook(({ list }) => useListingIndicators(list), { initialProps: { list: rows(0, 2) } });
    rerender({ list: rows(0, 4) });
    await act(drawnFrame);
    expect(asked).toEqual([[id(0), id(1), id(2), id(3)]]);
    // A later page asks only for its own cars.
    rerender({ list: rows(0, 5) });
    await act(drawnFrame);
    expect(asked.at(-1)).toEqual([id(4)]);
  });
});
