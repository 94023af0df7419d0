// The analytics beacons (SPEC §7): every vital reading to /api/web-vitals (batched), and a poor one
// also to /api/performance. Nothing leaves the device without analytics consent; readings taken before
// a choice wait (at most MAX_HELD) and go once consent is given, or are dropped if it is declined.
import type { Rating, VitalName } from './vitals';

export interface VitalReading {
  name: VitalName;
  value: number;
  rating: Rating;
  id: string;
  delta: number;
  navigationType?: string;
}

export type SendBeacon = (url: string, body: unknown) => void;

export interface BeaconQueueOptions {
  send: SendBeacon;
  /** true: allowed; false: declined; null: not chosen yet. */
  consent: () => boolean | null;
  pageUrl: () => string;
  now?: () => number;
  /** How long readings gather before one web-vitals beacon goes. */
  batchMs?: number;
}

export const WEB_VITALS_URL = '/api/web-vitals';
export const PERFORMANCE_URL = '/api/performance';
const MAX_HELD = 50;

export function createBeaconQueue(opts: BeaconQueueOptions) {
  const now = opts.now ?? Date.now;
  const batchMs = opts.batchMs ?? 2000;
  let held: VitalReading[] = [];
  let timer: ReturnType<typeof setTimeout> | null = null;

  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    if (held.length === 0 || opts.consent() !== true) return;
    const url = opts.pageUrl();
    const batch = held;
    held = [];
    opts.send(WEB_VITALS_URL, { metrics: batch.map((r) => ({ ...r, url })), url });
    for (const r of batch) {
      if (r.rating === 'poor') {
        opts.send(PERFORMANCE_URL, {
          name: r.name,
          metric: r.name,
          value: r.value,
          rating: r.rating,
          timestamp: now(),
          url,
        });
      }
    }
  };

  return {
    add(reading: VitalReading): void {
      const consent = opts.consent();
      if (consent === false) return;
      held = [...held.filter((r) => r.id !== reading.id), reading].slice(-MAX_HELD);
      if (consent === true && !timer) timer = setTimeout(flush, batchMs);
    },
    /** Sends what is held now (page hidden, consent just given). */
    flush,
    /** Consent changed: send what waited, or forget it if declined. */
    consentChanged(): void {
      const consent = opts.consent();
      if (consent === false) held = [];
      else if (consent === true) flush();
    },
    held: () => held.length,
  };
}

/** sendBeacon survives page unload; fetch keepalive where it is missing. */
export const browserBeacon: SendBeacon = (url, body) => {
  const json = JSON.stringify(body);
  if (typeof navigator !== 'undefined' && typeof navigator.sendBeacon === 'function') {
    if (navigator.sendBeacon(url, new Blob([json], { type: 'application/json' }))) return;
  }
  // A lost beacon is one lost sample; reporting it would add traffic to a network that is already failing.
  void fetch(url, {
    method: 'POST',
    body: json,
    keepalive: true,
    headers: { 'Content-Type': 'application/json' },
  }).catch(() => undefined);
};
