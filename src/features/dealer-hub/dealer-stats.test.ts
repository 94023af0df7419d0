import { describe, expect, it } from 'vitest';
import type { Lead, VehicleListing } from '@/data';
import { computeDealerStats, parsePounds } from './dealer-stats';

const now = new Date('2026-11-23T12:00:00Z');
const listing = (id: string, status: VehicleListing['status'], listedDaysAgo: number) =>
  ({ id, status, listed_at: new Date(now.getTime() - listedDaysAgo * 86_400_000).toISOString() }) as VehicleListing;
const lead = (id: string, status: Lead['status'], daysAgo: number | null) =>
  ({
    id,
    status,
    created_at: daysAgo === null ? undefined : new Date(now.getTime() - daysAgo * 86_400_000).toISOString(),
  }) as Lead;

describe('computeDealerStats', () => {
  it("counts listings by status, this week's leads and the average days on sale of unsold cars", () => {
    const stats = computeDealerStats(
      [
        listing('a', 'active', 10),
        listing('b', 'reserved', 21),
        listing('c', 'sold', 300),
        listing('d', 'active', 2.5),
      ],
      [lead('1', 'new', 0.5), lead('2', 'contacted', 6.9), lead('3', 'closed', 8), lead('4', 'new', null)],
      now,
    );
    expect(stats).toEqual({ onSale: 3, reserved: 1, sold: 1, leadsThisWeek: 3, newLeads: 2, averageDaysOnSale: 11 });
  });

  it('has no average when nothing is on sale', () => {
    expect(computeDealerStats([listing('c', 'sold', 3)], [], now).averageDaysOnSale).toBeNull();
  });
});

describe('parsePounds', () => {
  it('reads typed amounts with or without the pound sign and commas', () => {
    expect(parsePounds('£18,495')).toBe(18495);
    expect(parsePounds(' 17995 ')).toBe(17995);
    expect(parsePounds('18,495.50')).toBe(18495.5);
    expect(parsePounds('eighteen')).toBeNaN();
    expect(parsePounds('-5')).toBeNaN();
    expect(parsePounds('')).toBeNaN();
  });
});
