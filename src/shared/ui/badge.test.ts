import { describe, expect, it } from 'vitest';
import { formatCount } from './badge';

describe('formatCount (unread badge)', () => {
  it('shows counts up to 99 and caps at 99+', () => {
    expect(formatCount(1)).toBe('1');
    expect(formatCount(99)).toBe('99');
    expect(formatCount(100)).toBe('99+');
    expect(formatCount(12345)).toBe('99+');
  });
  it('treats nonsense as zero', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(-3)).toBe('0');
    expect(formatCount(Number.NaN)).toBe('0');
  });
});
