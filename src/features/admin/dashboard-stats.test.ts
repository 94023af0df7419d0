import { describe, expect, it } from 'vitest';
import { parkedSummary, vitalRating } from './dashboard-stats';

describe('dashboard stats', () => {
  it('rate web vitals against the SPEC limits', () => {
    expect([vitalRating('LCP', 2500), vitalRating('INP', 300), vitalRating('CLS', 0.3), vitalRating('X', 1)]).toEqual([
      'good',
      'needs-improvement',
      'poor',
      undefined,
    ]);
  });

  it('sum up parked ops per device in words', () => {
    expect(parkedSummary({ clients_with_parked: 0, total_parked: 0 })).toBe('No device reports ops needing attention.');
    expect(parkedSummary({ clients_with_parked: 1, total_parked: 1 })).toBe('1 op needing attention on 1 device.');
    expect(parkedSummary({ clients_with_parked: 2, total_parked: 1200 })).toBe(
      '1,200 ops needing attention on 2 devices.',
    );
  });
});
