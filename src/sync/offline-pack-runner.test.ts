// The leader's offline pack runner: a download cut short is resumed once, online only, and not while
// another task runs; Remove waits for the download before it.
import type { SupabaseClient } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import { MotorlyDb } from '@/data/db';
import { createSyncStore } from '@/data/sync-queue';
import { packMeta, readPack } from '@/data/offline-pack';
import type { PackSource } from './offline-pack-source';
import { offlinePackRunner } from './offline-pack-runner';

let n = 0;
const row = (i: number) => ({ id: `id-${i}`, outcode: 'M1', updated_at: '2026-11-22T00:00:00.000000Z' });

function setup(online = true) {
  const db = new MotorlyDb(`pack-runner-${++n}`);
  /** Downloads started: each asks the pack's total once. */
  let calls = 0;
  let warmed = 0;
  const source: PackSource = {
    async warm() {
      warmed++;
    },
    async count() {
      calls++;
      return 2;
    },
    async band(_postcode, _radius, band) {
      return band.from === 0 ? [row(1), row(2)] : [];
    },
  };
  const errors: unknown[] = [];
  const runner = offlinePackRunner({
    db,
    store: createSyncStore(db),
    client: {} as SupabaseClient,
    isOnline: () => online,
    onError: (err) => errors.push(err),
    source,
  });
  return { db, runner, calls: () => calls, warmed: () => warmed, errors };
}

const unfinished = {
  id: 'current' as const,
  postcode: 'M1 1AE',
  radius: 25,
  status: 'downloading' as const,
  done: 0,
  total: null,
  outcodes: [],
  started_at: 0,
  finished_at: null,
  error: null,
  cursor: null,
};

describe('offline pack runner', () => {
  it('resumes a download cut short, once', async () => {
    const { db, runner, calls, errors } = setup();
    await packMeta(db).put(unfinished);
    await Promise.all([runner.resume(), runner.resume()]);
    await runner.whenIdle();
    expect(calls()).toBe(1);
    expect(await readPack(db)).toMatchObject({ status: 'ready', done: 2 });
    expect(errors).toEqual([]);
  });

  it('does not resume offline', async () => {
    const { db, runner, calls } = setup(false);
    await packMeta(db).put(unfinished);
    await runner.resume();
    expect(calls()).toBe(0);
  });

  it('runs a removal after the download asked before it', async () => {
    const { db, runner } = setup();
    void runner.download('M1 1AE', 25);
    await runner.remove();
    expect(await readPack(db)).toBeUndefined();
    expect(await db.vehicle_listings.count()).toBe(0);
  });

  it("readies the pack's calls when its card shows, online, at most once in five minutes", () => {
    const { runner, warmed } = setup();
    runner.warm(1_000_000);
    runner.warm(1_000_000 + 60_000);
    expect(warmed()).toBe(1);
    runner.warm(1_000_000 + 5 * 60_000);
    expect(warmed()).toBe(2);
    const offline = setup(false);
    offline.runner.warm(1_000_000);
    expect(offline.warmed()).toBe(0);
  });
});
