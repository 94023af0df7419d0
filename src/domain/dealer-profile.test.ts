import { describe, expect, it } from 'vitest';
import { dealerProfile } from './dealer-profile';

const ID = '6f1c2a52-3c1e-4a61-9a0b-1d2e3f405162';

describe('dealerProfile', () => {
  it('is the same for the same dealer and differs between dealers', () => {
    expect(dealerProfile(ID, 4.6)).toEqual(dealerProfile(ID, 4.6));
    const other = dealerProfile('0a9b8c7d-6e5f-4a3b-8c2d-1e0f9a8b7c6d', 4.6);
    expect(other.reviews.map((r) => r.author)).not.toEqual(dealerProfile(ID, 4.6).reviews.map((r) => r.author));
  });

  it('has a breakdown that adds up to the review count and averages to the rating', () => {
    for (const rating of [3.1, 4.2, 4.6, 4.9]) {
      const p = dealerProfile(ID, rating);
      const total = p.breakdown.reduce((a, b) => a + b, 0);
      expect(total).toBe(p.reviewCount);
      const mean = p.breakdown.reduce((a, c, i) => a + c * (5 - i), 0) / total;
      expect(Math.abs(mean - rating)).toBeLessThan(0.05);
      expect(p.average).toBe(rating);
    }
  });

  it('lists opening hours for the whole week and a few dated reviews, newest first', () => {
    const p = dealerProfile(ID, null);
    expect(p.hours.map((h) => h.days)).toEqual(['Monday to Friday', 'Saturday', 'Sunday']);
    expect(p.reviews).toHaveLength(4);
    const dates = p.reviews.map((r) => r.date);
    expect([...dates].sort().reverse()).toEqual(dates);
    for (const r of p.reviews) expect(r.stars).toBeGreaterThanOrEqual(1);
  });
});
