import { describe, expect, it } from 'vitest';
import type { LeadThread } from '@/data/leads';
import type { Lead, VehicleListing } from '@/data/types';
import { computeDealerStats, formatResponseTime, medianResponseMinutes, parsePounds } from './dealer-stats';

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

describe('medianResponseMinutes', () => {
  const at = (minutesAgo: number) => new Date(now.getTime() - minutesAgo * 60_000).toISOString();
  const thread = (createdMinutesAgo: number, replies: { by: string; minutesAgo: number; sent?: boolean }[]) =>
    ({
      lead: { id: `l${createdMinutesAgo}`, user_id: 'shopper', created_at: at(createdMinutesAgo) },
      messages: replies.map((r, i) => ({
        id: `m${i}`,
        sender_id: r.by,
        created_at: at(r.minutesAgo),
        delivery: r.sent === false ? { state: 'queued' } : { state: 'sent' },
      })),
    }) as unknown as LeadThread;

  it("takes the median of this week's first replies by the team, ignoring the shopper's own messages", () => {
    const threads = [
      thread(100, [
        { by: 'shopper', minutesAgo: 95 },
        { by: 'dealer', minutesAgo: 90 },
        { by: 'dealer', minutesAgo: 10 },
      ]),
      thread(300, [{ by: 'staff', minutesAgo: 240 }]),
      thread(50, [{ by: 'dealer', minutesAgo: 20 }]),
      thread(40, []), // unanswered: not counted
      thread(30, [{ by: 'dealer', minutesAgo: 1, sent: false }]), // reply not yet sent
      thread(8 * 24 * 60, [{ by: 'dealer', minutesAgo: 10 }]), // last week's lead
    ];
    expect(medianResponseMinutes(threads, now)).toBe(30); // 10, 30, 60
    expect(medianResponseMinutes(threads.slice(0, 2), now)).toBe(35); // (10 + 60) / 2
    expect(medianResponseMinutes([thread(40, [])], now)).toBeNull();
  });

  it('formats minutes, hours and days', () => {
    expect(formatResponseTime(0)).toBe('under a minute');
    expect(formatResponseTime(42)).toBe('42 min');
    expect(formatResponseTime(120)).toBe('2 h');
    expect(formatResponseTime(190)).toBe('3 h 10 min');
    expect(formatResponseTime(24 * 60)).toBe('1 day');
    expect(formatResponseTime(3000)).toBe('2 days 2 h');
  });
});
