// The held set as it changes (a bookmark, an opened listing, the pack's pages): the sync worker
// resubscribes realtime from it, a moment after the last change of a burst.
import { liveQuery } from 'dexie';
import type { MotorlyDb } from '../db';
import { packListingIds, pinnedListingIds } from './held';
import { readPack } from './pack';
import { locatePostcode } from '@/domain/uk/distance';

export interface HeldSnapshot {
  pinned: string[];
  packIds: Set<string>;
  area: { outcodes: string[]; centre: { lat: number; lng: number }; radius: number } | null;
}

async function snapshot(db: MotorlyDb): Promise<HeldSnapshot> {
  const [pinned, pack] = await Promise.all([pinnedListingIds(db), readPack(db)]);
  const centre = pack ? locatePostcode(pack.postcode) : null;
  const ready = pack?.status === 'ready' && centre?.ok;
  const area = ready ? { outcodes: pack.outcodes, centre: centre.point, radius: pack.radius } : null;
  // The pack's ids matter only with its area followed: not read while it downloads, so its pages (up to
  // 5,000 ids) do not run this again each time, beside the download in the same worker.
  const packIds = ready ? await packListingIds(db) : new Set<string>();
  return { pinned: [...pinned].sort(), packIds, area };
}

const sameHeld = (a: HeldSnapshot, b: HeldSnapshot) =>
  a.pinned.join() === b.pinned.join() &&
  a.packIds.size === b.packIds.size &&
  JSON.stringify(a.area) === JSON.stringify(b.area);

/** Calls back with the held set now and `delayMs` after each burst of changes that alters it. */
export function watchHeldListings(
  db: MotorlyDb,
  cb: (held: HeldSnapshot) => void,
  opts: { delayMs: number; onError: (err: unknown) => void },
): () => void {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let latest: HeldSnapshot | null = null;
  let sent: HeldSnapshot | null = null;
  const flush = () => {
    timer = null;
    if (latest && (!sent || !sameHeld(sent, latest))) {
      sent = latest;
      cb(latest);
    }
  };
  const sub = liveQuery(() => snapshot(db)).subscribe({
    next: (held) => {
      latest = held;
      if (!sent) flush();
      else timer ??= setTimeout(flush, opts.delayMs);
    },
    error: opts.onError,
  });
  return () => {
    if (timer) clearTimeout(timer);
    sub.unsubscribe();
  };
}
