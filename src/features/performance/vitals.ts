// Core Web Vitals limits (SPEC §9) and the rating they give a reading.
export type VitalName = 'LCP' | 'INP' | 'CLS' | 'FCP' | 'TTFB';
export type Rating = 'good' | 'needs-improvement' | 'poor';

/** [good limit, poor limit]: at or below good is good, above poor is poor. ms except CLS (unitless). */
export const VITAL_LIMITS: Record<VitalName, readonly [number, number]> = {
  LCP: [2500, 4000],
  INP: [200, 500],
  CLS: [0.1, 0.25],
  FCP: [1800, 3000],
  TTFB: [800, 1800],
};

export const VITAL_NAMES = Object.keys(VITAL_LIMITS) as VitalName[];

export const VITAL_LABELS: Record<VitalName, string> = {
  LCP: 'Largest Contentful Paint',
  INP: 'Interaction to Next Paint',
  CLS: 'Cumulative Layout Shift',
  FCP: 'First Contentful Paint',
  TTFB: 'Time to First Byte',
};

export function rateVital(name: VitalName, value: number): Rating {
  const [good, poor] = VITAL_LIMITS[name];
  if (value <= good) return 'good';
  return value > poor ? 'poor' : 'needs-improvement';
}

export function formatVital(name: VitalName, value: number): string {
  return name === 'CLS' ? value.toFixed(3) : `${Math.round(value).toLocaleString('en-GB')} ms`;
}

export const LONG_TASK_MS = 50;
export const MEMORY_WARNING_RATIO = 0.9;
export const MEMORY_CHECK_MS = 30_000;
