import { describe, expect, it } from 'vitest';
import type { PriceIndicator } from '@/domain/uk';
import { IndicatorCache } from './indicator-cache';
import type { ListingRow } from './types';

const row = (id: string, price = 10_000, status: ListingRow['status'] = 'active') => ({ id, price, status });
const rated = (marketValue: number): PriceIndicator => ({
  available: true,
  band: 'fair',
  label: 'Fair price',
  marketValue,
  difference: 0,
  differencePct: 0,
  comparables: 9,
});
const answerFor = (rows: readonly { id: string }[], source: 'server' | 'device' = 'server') => ({
  value: Object.fromEntries(rows.map((r) => [r.id, rated(r.id.length * 1_000)])),
  source,
});

describe('IndicatorCache', () => {
  it('asks only for the cars of a new page; the cars already shown keep the same indicator object', () => {
    const cache = new IndicatorCache();
    const page1 = [row('a'), row('b')];
    expect(cache.pick(page1, 2026)).toBeUndefined();
    expect(cache.missing(page1, 2026)).toEqual(page1);
    cache.ask(page1, 2026);
    expect(cache.missing(page1, 2026)).toEqual([]); // being asked for: not asked again
    cache.fill(page1, 2026, answerFor(page1));
    const first = cache.pick(page1, 2026)!;

    const both = [...page1, row('c')];
    expect(cache.missing(both, 2026).map((r) => r.id)).toEqual(['c']);
    const shown = cache.pick(both, 2026)!;
    expect(shown.a).toBe(first.a);
    expect(shown.c).toBeUndefined();
  });

  it('re-rates a car whose price or status changed, and rates again for another year', () => {
    const cache = new IndicatorCache();
    cache.fill([row('a')], 2026, answerFor([row('a')]));
    expect(cache.missing([row('a', 9_000)], 2026)).toHaveLength(1);
    expect(cache.missing([row('a', 10_000, 'sold')], 2026)).toHaveLength(1);
    expect(cache.missing([row('a')], 2027)).toHaveLength(1);
    expect(cache.missing([row('a')], 2026)).toHaveLength(0);
  });

  it('forgets a failed ask, so the car is asked for again', () => {
    const cache = new IndicatorCache();
    cache.ask([row('a')], 2026);
    cache.fill([row('a')], 2026);
    expect(cache.missing([row('a')], 2026)).toHaveLength(1);
  });

  it("drops only the answers rated against the device's rows when the server can answer again", () => {
    const cache = new IndicatorCache();
    cache.fill([row('a')], 2026, answerFor([row('a')], 'server'));
    cache.fill([row('b')], 2026, answerFor([row('b')], 'device'));
    expect(cache.dropDeviceAnswers()).toBe(true);
    expect(cache.missing([row('a'), row('b')], 2026).map((r) => r.id)).toEqual(['b']);
    expect(cache.dropDeviceAnswers()).toBe(false);
  });

  it('an empty list is answered at once', () => {
    expect(new IndicatorCache().pick([], 2026)).toEqual({});
  });
});
