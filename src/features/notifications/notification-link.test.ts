import { describe, expect, it } from 'vitest';
import { newCountLabel, notificationHref, timeAgo } from './notification-link';

describe('notificationHref', () => {
  it('prefers car_url, then the listing page, else nothing', () => {
    expect(notificationHref({ data: { car_url: '/marketplace/abc' }, vehicle_listing_id: 'x' })).toBe(
      '/marketplace/abc',
    );
    expect(notificationHref({ data: {}, vehicle_listing_id: 'l1' })).toBe('/marketplace/l1');
    expect(notificationHref({ data: { car_url: '  ' }, vehicle_listing_id: 'l2' })).toBe('/marketplace/l2');
    expect(notificationHref({ data: {}, vehicle_listing_id: null })).toBeNull();
  });

  it("opens an enquiry's thread first, and only on this site", () => {
    const lead = { lead_url: '/dealer/dashboard?lead=abc', car_url: '/marketplace/x' };
    expect(notificationHref({ data: lead, vehicle_listing_id: 'l1' })).toBe('/dealer/dashboard?lead=abc');
    for (const bad of ['//evil.example/x', '/\\evil.example', 'https://evil.example', 'javascript:alert(1)', 42]) {
      expect(notificationHref({ data: { lead_url: bad }, vehicle_listing_id: 'l1' })).toBe('/marketplace/l1');
    }
  });
});

describe('labels', () => {
  it("formats '{n} new' and relative times", () => {
    expect(newCountLabel(3)).toBe('3 new');
    const now = Date.parse('2026-11-23T12:00:00Z');
    expect(timeAgo('2026-11-23T11:59:30Z', now)).toBe('just now');
    expect(timeAgo('2026-11-23T11:55:00Z', now)).toBe('5 min ago');
    expect(timeAgo('2026-11-23T09:00:00Z', now)).toBe('3 h ago');
    expect(timeAgo('2026-11-22T11:00:00Z', now)).toBe('1 day ago');
    expect(timeAgo('2026-11-20T11:00:00Z', now)).toBe('3 days ago');
  });
});
