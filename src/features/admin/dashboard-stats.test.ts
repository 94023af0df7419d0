import { describe, expect, it } from 'vitest';
import type { ErrorReport } from '@/data';
import { severityByDay, syncHealth, vitalRating } from './dashboard-stats';

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

  it('rate web vitals against the SPEC limits and sum sync failures of the last day', () => {
    expect([vitalRating('LCP', 2500), vitalRating('INP', 300), vitalRating('CLS', 0.3), vitalRating('X', 1)]).toEqual([
      'good',
      'needs-improvement',
      'poor',
      undefined,
    ]);
    expect(
      syncHealth([r('2026-11-23', 'medium', 'sync', 4), r('2026-11-01', 'medium', 'sync')], NOW.getTime()),
    ).toMatchObject({
      lastDay: 4,
      open: 2,
    });
  });
});
