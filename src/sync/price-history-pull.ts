// listing_price_history, scoped (issue 32): the device holds the price history of the listings it holds
// (pinned, the offline pack's, the search windows', a dealer's stock), never the whole table.
// - A held listing with no history on the device (newly pinned, opened, in a window or the pack) gets its
//   whole history, asked for by listing id in chunks of 100 (every listing has at least its first price).
// - A held listing the listing pull brought newer than its history gets its history again, whole: a price
//   change writes the listing and its history row in one transaction (one updated_at), and the history
//   merge can replace a row's id, so a listing's few rows are replaced rather than caught up by cursor.
// - History of listings no longer on the device (a window evicted, the pack removed) is deleted.
import type { Cursor } from '@/data/types';
import type { CycleContext, DownloadProgress, HeldHistory } from './engine-types';
import { chunked } from './held-listings-pull';
import { pullPages, type ServerTime } from './pull';
import { toMicros } from './timestamps';
import type { Row } from './transport';

const TABLE = 'listing_price_history';

const cursorOf = (row: Row): Cursor => ({ updated_at: String(row.updated_at), id: String(row.id) });

/** The history rows the device keeps no more: those of listings it no longer holds. */
export function orphanHistoryRows(held: HeldHistory): string[] {
  const out: string[] = [];
  for (const [listingId, { rowIds }] of held.history) if (!held.listingIds.has(listingId)) out.push(...rowIds);
  return out;
}

const newer = (a: string, b: string) => !b || toMicros(a) > toMicros(b);

/**
 * The held listings whose history is asked for: those with none on the device, and those `changed` (listing
 * id -> the updated_at the listing pull wrote) later than their newest history row.
 */
export function historyWanted(held: HeldHistory, changed: ReadonlyMap<string, string>): string[] {
  return [...held.listingIds]
    .filter((id) => {
      const has = held.history.get(id);
      const pulled = changed.get(id);
      return !has || (pulled !== undefined && newer(pulled, has.updatedAt));
    })
    .sort();
}

/** Pulls the price history of the held listings. Returns false when stopped or gone offline. */
export async function pullHeldHistory(
  ctx: CycleContext,
  time: ServerTime,
  held: HeldHistory,
  changed: ReadonlyMap<string, string>,
  progress: DownloadProgress | null,
): Promise<boolean> {
  const orphans = orphanHistoryRows(held);
  if (orphans.length) await ctx.store.applyDeleted(TABLE, orphans);
  const wanted = historyWanted(held, changed);
  if (progress && wanted.length) {
    progress.total += wanted.length;
    ctx.update({ download: { ...progress } });
  }
  for (const listingIds of chunked(wanted)) {
    if (ctx.isStopped() || !ctx.isOnline()) return false;
    const where = { column: 'vehicle_listing_id', values: listingIds };
    const returned = new Set<string>();
    const ended = await pullPages<Row>(ctx, time, {
      stored: null,
      fetch: (after) => ctx.transport.pullPage(TABLE, after, ctx.settings.pageSize, where),
      cursorOf,
      write: async (rows) => {
        if (!rows.length) return;
        for (const row of rows) returned.add(String(row.id));
        const count = await ctx.store.applyPulled(TABLE, rows);
        ctx.emit({ type: 'pulled', table: TABLE, count });
      },
    });
    if (ended === 'stopped') return false;
    // Rows the server no longer has for these listings (a merged price) leave with the re-pull.
    const stale = listingIds.flatMap((id) => (held.history.get(id)?.rowIds ?? []).filter((row) => !returned.has(row)));
    if (stale.length) await ctx.store.applyDeleted(TABLE, stale);
    if (progress) {
      progress.done = Math.min(progress.total, progress.done + listingIds.length);
      ctx.update({ download: { ...progress } });
    }
  }
  return true;
}
