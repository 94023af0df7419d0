import { describe, expect, it } from 'vitest';
import type { OfflinePack } from '@/data/offline-pack';
import { packPromise, packSummary } from './pack-text';

const pack = (patch: Partial<OfflinePack>): OfflinePack => ({
  id: 'current',
  postcode: 'm11ae',
  radius: 25,
  status: 'ready',
  done: 0,
  total: null,
  outcodes: [],
  started_at: 0,
  finished_at: null,
  error: null,
  cursor: null,
  ...patch,
});

describe('offline pack words', () => {
  it('promises the chosen radius and the postcode as the user would write it', () => {
    expect(packPromise(25, 'm11ae')).toBe('Keep cars within 25 miles of M1 1AE on this device');
    expect(packPromise(10, ' ls1 ')).toBe('Keep cars within 10 miles of LS1 on this device');
    expect(packPromise(10, '')).toBe('Keep cars within 10 miles of your postcode on this device');
  });

  it('reports progress, the result and failures in words', () => {
    expect(packSummary(pack({ status: 'downloading' }))).toBe('Finding the cars within 25 miles of M1 1AE…');
    expect(packSummary(pack({ status: 'downloading', done: 1000, total: 4321 }))).toBe(
      'Downloading 1,000 of 4,321 cars within 25 miles of M1 1AE…',
    );
    expect(packSummary(pack({ status: 'downloading', done: 830 }))).toBe(
      'Downloading 830 cars within 25 miles of M1 1AE…',
    );
    expect(packSummary(pack({ done: 4321 }))).toBe(
      "4,321 cars within 25 miles of M1 1AE are kept on this device and kept up to date while you're online.",
    );
    expect(packSummary(pack({ done: 1 }))).toMatch(/^1 car within/);
    expect(packSummary(pack({ done: 0 }))).toMatch(/^No cars for sale within 25 miles of M1 1AE right now/);
    expect(packSummary(pack({ status: 'failed', error: 'No UK postcode area matches that postcode' }))).toBe(
      'No UK postcode area matches that postcode',
    );
  });
});
