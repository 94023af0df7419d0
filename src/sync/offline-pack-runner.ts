// The leader's side of the offline pack: downloads and removals asked by any tab run here, one at a
// time in the order asked, and a download the app was closed during starts again with the next leader.
import type { SupabaseClient } from '@supabase/supabase-js';
import type { MotorlyDb, SyncStore } from '@/data';
import { removePack, windowListingIds } from '@/data/offline-pack';
import { downloadOfflinePack, supabasePackSource, unfinishedPack, type PackSource } from './offline-pack-download';

export interface PackRunnerOptions {
  db: MotorlyDb;
  store: SyncStore;
  client: SupabaseClient;
  isOnline(): boolean;
  /** A task failed unexpectedly (not a failed download: that is in the pack's record). */
  onError(err: unknown): void;
  source?: PackSource;
}

export function offlinePackRunner(opts: PackRunnerOptions) {
  const { db, store } = opts;
  const source = opts.source ?? supabasePackSource(opts.client);
  let queue: Promise<void> = Promise.resolve();
  const run = (task: () => Promise<unknown>): Promise<void> => {
    queue = queue.then(task).then(
      () => undefined,
      (err: unknown) => opts.onError(err),
    );
    return queue;
  };
  const download = (postcode: string, radius: number) =>
    run(() => downloadOfflinePack({ db, store, source, postcode, radius, windowIds: () => windowListingIds(db) }));
  return {
    download,
    remove: () => run(async () => removePack(db, await windowListingIds(db))),
    /** Resumes a download cut short by a reload (online only: offline it waits for the next leader). */
    async resume(): Promise<void> {
      const unfinished = await unfinishedPack(db);
      if (unfinished && opts.isOnline()) await download(unfinished.postcode, unfinished.radius);
    },
    whenIdle: () => queue,
  };
}
