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
  const [pinned, packIds, pack] = await Promise.all([pinnedListingIds(db), packListingIds(db), readPack(db)]);
  const centre = pack ? locatePostcode(pack.postcode) : null;
  const area =
    pack && pack.status === 'ready' && centre?.ok
      ? { outcodes: pack.outcodes, centre: centre.point, radius: pack.radius }
      : null;
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
