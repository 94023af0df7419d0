import { describe, expect, it } from 'vitest';
import { SendInterval, TokenBuckets } from './limiter';

describe('TokenBuckets', () => {
  it('allows the capacity at once, then refills continuously per key', () => {
    let now = 0;
    const buckets = new TokenBuckets(30, 300_000, () => now);
    const taken = Array.from({ length: 31 }, () => buckets.take('ip:a'));
    expect(taken.filter(Boolean)).toHaveLength(30);
    expect(taken[30]).toBe(false);
    expect(buckets.take('ip:b')).toBe(true); // other keys are unaffected
    now += 9_000; // 30 per 300 s = one token per 10 s
    expect(buckets.take('ip:a')).toBe(false);
    now += 1_000;
    expect(buckets.take('ip:a')).toBe(true);
    expect(buckets.take('ip:a')).toBe(false);
  });
});

describe('SendInterval', () => {
  it('gates one send per address per interval, case-insensitively, and says how long to wait', () => {
    let now = 0;
    const gate = new SendInterval(60_000, () => now);
    expect(gate.claim('Sam@Example.com')).toBe(0);
    now += 20_500;
    expect(gate.claim('sam@example.com')).toBe(40);
    expect(gate.claim('other@example.com')).toBe(0);
    now += 39_500;
    expect(gate.claim('sam@example.com')).toBe(0);
  });
});
