import { describe, expect, it } from 'vitest';
import { INITIAL_QUERY_STATE, type ListingQueryState } from '@/data/catalogue/query';
import type { ListingRow } from '@/data/catalogue';
import { coverageStatus, sheetTotal } from './coverage-status';

const rows = (count: number) => Array.from({ length: count }, (_, i) => ({ id: `r${i}` }) as ListingRow);
const state = (over: Partial<ListingQueryState>): ListingQueryState => ({ ...INITIAL_QUERY_STATE, ...over });

describe('coverage status line', () => {
  it('says how much of the answer is shown', () => {
    expect(coverageStatus(state({ coverage: 'partial', rows: rows(100), total: 2543 }))).toBe('100 of 2,543 shown');
    expect(coverageStatus(state({ coverage: 'partial', rows: rows(20), total: 5001, estimated: true }))).toBe(
      '20 of about 5,001 shown',
    );
    expect(coverageStatus(state({ coverage: 'complete', rows: rows(1), total: 1 }))).toBe('1 car found');
    expect(coverageStatus(state({ coverage: 'complete', rows: [], total: 0 }))).toBe('0 cars found');
  });

  it('offline: counts the cars saved on this phone and invites a search of the whole market', () => {
    const offline = state({ coverage: 'offline', rows: rows(20), heldMatches: 23, marketTotal: 450_000 });
    expect(coverageStatus(offline)).toBe(
      "23 cars saved on this phone match. Search all 450,000 when you're back online",
    );
    expect(coverageStatus({ ...offline, heldMatches: 1, marketTotal: null })).toBe(
      "1 car saved on this phone matches. Search all cars when you're back online",
    );
    expect(sheetTotal(offline)).toBe(23);
  });

  it('never claims a count it does not have', () => {
    expect(coverageStatus(state({ coverage: 'loading', rows: rows(3) }))).toBe('Searching…');
    expect(sheetTotal(state({ coverage: 'loading', rows: rows(3) }))).toBeUndefined();
    expect(coverageStatus(state({ coverage: 'error', error: 'This search could not run: bad cursor.' }))).toBe(
      'This search could not run: bad cursor.',
    );
  });
});
