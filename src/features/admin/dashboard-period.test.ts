import { describe, expect, it } from 'vitest';
import {
  changeDirection,
  changeText,
  chartSummary,
  daysBetween,
  fillSeries,
  isEmpty,
  periodText,
  previousTotals,
  shortDay,
  sumOf,
  yTicks,
  totalsOf,
} from './dashboard-period';

describe('dashboard period maths', () => {
  it('lists every day of a range, across a month and a year end', () => {
    expect(daysBetween('2025-12-30', '2026-01-02')).toEqual(['2025-12-30', '2025-12-31', '2026-01-01', '2026-01-02']);
    expect(daysBetween('2026-11-28', '2026-11-28')).toEqual(['2026-11-28']);
    expect(daysBetween('2026-11-28', '2026-11-27')).toEqual([]);
    // The clocks going back in the UK (25 Oct 2026) is still one day each.
    expect(daysBetween('2026-10-24', '2026-10-26')).toHaveLength(3);
  });

  it('fills the days and metrics the server left out with zeros', () => {
    const series = fillSeries({
      first_day: '2026-11-26',
      last_day: '2026-11-28',
      series: [{ day: '2026-11-27', signups: 2, errors_high: 4 }],
    });
    expect(series).toHaveLength(3);
    expect(series[0]).toMatchObject({ day: '2026-11-26', signups: 0, leads: 0, errors_high: 0 });
    expect(series[1]).toMatchObject({ day: '2026-11-27', signups: 2, leads: 0, errors_high: 4 });
    expect(series[2].day).toBe('2026-11-28');
    expect(isEmpty(series, ['leads', 'listings_sold'])).toBe(true);
    expect(isEmpty(series, ['leads', 'signups'])).toBe(false);
  });

  it('sums a period and the period before it', () => {
    const series = fillSeries({
      first_day: '2026-11-22',
      last_day: '2026-11-28',
      series: [
        { day: '2026-11-22', leads: 3, errors_low: 1 },
        { day: '2026-11-28', leads: 2, errors_critical: 1, errors_medium: 2 },
        { day: '2026-10-01', leads: 50 }, // outside the range: ignored
      ],
    });
    const now = totalsOf(series);
    expect(now.leads).toBe(5);
    expect(sumOf(now, ['errors_low', 'errors_medium', 'errors_high', 'errors_critical'])).toBe(4);
    const before = previousTotals({ leads: 7 });
    expect([before.leads, before.signups]).toEqual([7, 0]);
  });

  it('words the change against the previous period', () => {
    expect(changeText(20, 8, 30)).toBe('+12 vs previous 30 days');
    expect(changeText(2, 5, 7)).toBe('−3 vs previous 7 days');
    expect(changeText(4, 4, 90)).toBe('Same as previous 90 days');
    expect(changeText(1500, 0, 90)).toBe('+1,500 vs previous 90 days');
    expect([changeDirection(2, 1), changeDirection(1, 2), changeDirection(0, 0)]).toEqual(['up', 'down', 'flat']);
  });

  it('prints en-GB dates', () => {
    expect(shortDay('2026-11-28')).toBe('28 Nov');
    expect(periodText('2026-11-22', '2026-11-28')).toBe('22 – 28 Nov 2026');
    expect(periodText('2026-10-30', '2026-11-28')).toBe('30 Oct – 28 Nov 2026');
    expect(periodText('2025-12-29', '2026-01-04')).toBe('29 Dec 2025 – 4 Jan 2026');
  });

  it('sums a chart up in words for screen readers', () => {
    const series = fillSeries({
      first_day: '2026-11-26',
      last_day: '2026-11-28',
      series: [
        { day: '2026-11-26', leads: 1 },
        { day: '2026-11-27', leads: 3 },
      ],
    });
    expect(chartSummary(series, ['leads'], 'leads')).toBe(
      '4 in total from 26 – 28 Nov 2026; the most on Friday 27 November 2026 (3).',
    );
    expect(chartSummary(series, ['signups'], 'sign-ups')).toBe('No sign-ups from 26 – 28 Nov 2026.');
  });

  it('puts whole-number ticks on a 1, 2 or 5 step up to at least the highest day', () => {
    expect(yTicks(0)).toEqual([0, 1]);
    expect(yTicks(1)).toEqual([0, 1]);
    expect(yTicks(4)).toEqual([0, 1, 2, 3, 4]);
    expect(yTicks(7)).toEqual([0, 2, 4, 6, 8]);
    expect(yTicks(25)).toEqual([0, 10, 20, 30]);
    expect(yTicks(666)).toEqual([0, 200, 400, 600, 800]);
  });
});
