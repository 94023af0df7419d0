import { describe, expect, it } from 'vitest';
import {
  daysBetween,
  formatDate,
  formatDateShort,
  formatDaysOnSale,
  formatGBP,
  formatMiles,
  formatMonthYear,
  formatMpg,
  formatZeroTo62,
} from './format';

describe('format', () => {
  it('formats pounds without pence unless asked', () => {
    expect(formatGBP(18_495)).toBe('£18,495');
    expect(formatGBP(18_495.6)).toBe('£18,496');
    expect(formatGBP(249.99, { pence: true })).toBe('£249.99');
    expect(formatGBP(0)).toBe('£0');
    expect(formatGBP(Number.NaN)).toBe('');
  });

  it('formats miles, mpg and acceleration', () => {
    expect(formatMiles(32_500)).toBe('32,500 miles');
    expect(formatMiles(1)).toBe('1 mile');
    expect(formatMpg(52.3)).toBe('52.3 mpg');
    expect(formatMpg(null)).toBe('');
    expect(formatZeroTo62(8.9)).toBe('0-62 mph in 8.9s');
    expect(formatZeroTo62(10)).toBe('0-62 mph in 10.0s');
  });

  it('formats dates the British way', () => {
    expect(formatDate('2026-11-01')).toBe('1 November 2026');
    expect(formatDateShort('2026-11-01T09:00:00Z')).toBe('01/11/2026');
    expect(formatMonthYear('2024-09-15')).toBe('Sep 2024');
  });

  it('counts days on sale', () => {
    const now = '2026-11-01T12:00:00Z';
    expect(formatDaysOnSale('2026-11-01T08:00:00Z', now)).toBe('Listed today');
    expect(formatDaysOnSale('2026-10-31T08:00:00Z', now)).toBe('1 day on sale');
    expect(formatDaysOnSale('2026-10-09T12:00:00Z', now)).toBe('23 days on sale');
    expect(daysBetween('2026-11-05', now)).toBe(0);
  });
});
