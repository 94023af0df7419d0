// The leader's side of the offline pack: downloads and removals asked by any tab run here, one at a
// time in the order asked, and a download the app was closed during starts again with the next leader.
import type { SupabaseClient } from '@supabase/supabase-js';
import type { MotorlyDb } from '@/data/db';
import type { SyncStore } from '@/data/sync-queue';
import { removePack, windowListingIds } from '@/data/offline-pack';
import { downloadOfflinePack, unfinishedPack } from './offline-pack-download';
import { supabasePackSource, type PackSource } from './offline-pack-source';

export interface PackRunnerOptions {
  db: MotorlyDb;
  store: SyncStore;
  client: SupabaseClient;
  isOnline(): boolean;
  /** A task failed unexpectedly (not a failed download: that is in the pack's record). */
  onError(err: unknown): void;
  source?: PackSource;
}

/**
 * How long a warm-up holds: browsers keep a preflight for the server's Access-Control-Max-Age up to a cap of their
 * own (Chromium 2 hours, WebKit 10 minutes).
 */
const WARM_FOR_MS = 5 * 60_000;

export function offlinePackRunner(opts: PackRunnerOptions) {
  const { db, store } = opts;
  let warmedAt = -Infinity;
  const source = opts.source ?? supabasePackSource(opts.client);
  let queue: Promise<void> = Promise.resolve();
  /** Tasks asked and not finished: a download under way is not resumed a second time. */
  let pending = 0;
  const run = (task: () => Promise<unknown>): Promise<void> => {
    pending++;
    queue = queue
      .then(task)
      .then(
        () => undefined,
        (err: unknown) => opts.onError(err),
      )
      .finally(() => pending--);
    return queue;
  };
  const download = (postcode: string, radius: number) =>
    run(() => downloadOfflinePack({ db, store, source, postcode, radius, windowIds: () => windowListingIds(db) }));
  return {
    download,
    remove: () => run(async () => removePack(db, await windowListingIds(db))),
    /** Resumes a download cut short by a reload or the connection (online, and only when nothing runs). */
    async resume(): Promise<void> {
      if (pending > 0 || !opts.isOnline()) return;
      const unfinished = await unfinishedPack(db);
      if (unfinished && pending === 0) await download(unfinished.postcode, unfinished.radius);
    },
    /** The pack's card is on screen: readies its calls (PackSource.warm), at most once per WARM_FOR_MS. */
    warm(now = Date.now()): void {
      if (!source.warm || !opts.isOnline() || now - warmedAt < WARM_FOR_MS) return;
      warmedAt = now;
      void source.warm();
    },
    whenIdle: () => queue,
  };
}
