import { describe, expect, it } from 'vitest';
import { listingsHeading, offlineNote } from './listing-status';

describe('AI search listing status', () => {
  it('counts the whole market from the server, marking an estimate', () => {
    expect(listingsHeading({ total: 1234, estimated: false, source: 'server' })).toBe('Cars for sale (1,234)');
    expect(listingsHeading({ total: 12000, estimated: true, source: 'server' })).toBe('Cars for sale (about 12,000)');
    expect(listingsHeading(undefined)).toBe('Cars for sale');
  });

  it('offline, names the cars saved on this phone and what waits for a connection', () => {
    expect(listingsHeading({ total: 23, estimated: false, source: 'device' })).toBe('Cars saved on this phone (23)');
    expect(offlineNote(23)).toBe(
      "You're offline: 23 cars saved on this phone match. Search every car for sale when you're back online.",
    );
    expect(offlineNote(1)).toMatch(/^You're offline: 1 car saved on this phone matches\./);
  });
});
