import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createBeaconQueue, PERFORMANCE_URL, WEB_VITALS_URL, type VitalReading } from './beacons';

const reading = (over: Partial<VitalReading> = {}): VitalReading => ({
  name: 'LCP',
  value: 1200,
  rating: 'good',
  id: 'v1-lcp',
  delta: 1200,
  ...over,
});

describe('analytics beacons are gated by consent', () => {
  let consent: boolean | null;
  let sent: Array<{ url: string; body: unknown }>;
  const make = () =>
    createBeaconQueue({
      send: (url, body) => sent.push({ url, body }),
      consent: () => consent,
      pageUrl: () => '/marketplace',
      now: () => 1_700_000_000_000,
      batchMs: 100,
    });

  beforeEach(() => {
    vi.useFakeTimers();
    sent = [];
    consent = null;
  });
  afterEach(() => vi.useRealTimers());

  it('sends nothing before a choice, then everything held once analytics is accepted', () => {
    const q = make();
    q.add(reading());
    q.add(reading({ name: 'FCP', id: 'v1-fcp', value: 900 }));
    vi.advanceTimersByTime(10_000);
    q.flush();
    expect(sent).toEqual([]);
    consent = true;
    q.consentChanged();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.url).toBe(WEB_VITALS_URL);
    expect((sent[0]!.body as { metrics: unknown[] }).metrics).toHaveLength(2);
  });

  it('sends nothing with analytics declined, and drops what was held', () => {
    const q = make();
    q.add(reading());
    consent = false;
    q.consentChanged();
    q.add(reading({ id: 'v1-lcp-2' }));
    vi.advanceTimersByTime(10_000);
    q.flush();
    consent = true;
    q.consentChanged();
    expect(sent).toEqual([]);
  });

  it('batches readings with consent and reports a poor vital to /api/performance', () => {
    consent = true;
    const q = make();
    q.add(reading());
    q.add(reading({ id: 'v1-lcp', value: 4500, rating: 'poor' })); // same id: the newer value replaces it
    expect(sent).toEqual([]);
    vi.advanceTimersByTime(100);
    expect(sent.map((s) => s.url)).toEqual([WEB_VITALS_URL, PERFORMANCE_URL]);
    expect((sent[0]!.body as { metrics: unknown[] }).metrics).toHaveLength(1);
    expect(sent[1]!.body).toMatchObject({
      metric: 'LCP',
      value: 4500,
      rating: 'poor',
      timestamp: 1_700_000_000_000,
      url: '/marketplace',
    });
  });
});
