import { describe, expect, it } from 'vitest';
import type { ErrorReport } from '@/data';
import { parkedSummary, severityByDay, vitalRating } from './dashboard-stats';

const NOW = new Date('2026-11-23T12:00:00Z');
const r = (day: string, severity: ErrorReport['severity'], component = 'app', count?: number): ErrorReport => ({
  id: `${day}-${severity}-${component}`,
  user_id: null,
  message: 'm',
  context: { component, ...(count ? { metadata: { count } } : {}) },
  severity,
  reported_at: `${day}T10:00:00Z`,
  resolved: false,
});

describe('dashboard stats', () => {
  it('count reports per day and severity, bursts included, only in the window', () => {
    const days = severityByDay(
      [r('2026-11-23', 'high', 'app', 3), r('2026-11-22', 'low'), r('2026-10-01', 'low')],
      3,
      NOW,
    );
    expect(days).toEqual([
      { day: '2026-11-21', low: 0, medium: 0, high: 0, critical: 0 },
      { day: '2026-11-22', low: 1, medium: 0, high: 0, critical: 0 },
      { day: '2026-11-23', low: 0, medium: 0, high: 3, critical: 0 },
    ]);
  });

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
