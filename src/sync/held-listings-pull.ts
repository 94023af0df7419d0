// vehicle_listings, scoped (issue 32): the device never pulls the whole table. It pulls the listings it
// pins (the user's rows point to them, or the user opened them), by id in chunks of 100, a dealer member's
// own stock by dealer, and the offline pack's area by outcode. All catch up incrementally: pinned rows
// already followed are asked only for changes since the stored cursor (less the overlap window), and the
// stock and the area page on their own cursors.
import type { Cursor } from '@/data/types';
import type { CycleContext, DownloadProgress, ListingScope } from './engine-types';
import { noteSeen, pullPages, type ServerTime } from './pull';
import { milesBetween } from '@/domain/uk/distance';
import { catchUpStart, fromMicros, maxCursor } from './timestamps';
import type { Row } from './transport';

/** Ids per request (and per realtime channel): a URL of 100 uuids stays well under any server's limit. */
export const ID_CHUNK = 100;
const TABLE = 'vehicle_listings';

export function chunked<T>(items: readonly T[], size = ID_CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

const cursorOf = (row: Row): Cursor => ({ updated_at: String(row.updated_at), id: String(row.id) });

/**
 * Pinned listings: those not followed yet (new bookmarks, a listing just opened) whole, the rest only if
 * they changed since the last catch-up. Returns false when stopped or gone offline.
 */
async function pullPinned(
  ctx: CycleContext,
  time: ServerTime,
  scope: ListingScope,
  progress: DownloadProgress | null,
  changed: Map<string, string>,
): Promise<boolean> {
  const pinned = await scope.pinnedIds();
  const followed = await scope.followedIds();
  const stored = await ctx.store.getCursor(TABLE);
  noteSeen(time, stored);
  // Read before the first request: every row pulled so far had committed by then (timestamps.catchUpStart).
  const seen = time.seen > 0n ? fromMicros(time.seen) : undefined;
  const since = stored ? catchUpStart(stored, ctx.settings.overlapMs).updated_at : null;
  const fresh = pinned.filter((id) => !followed.has(id) || !since);
  const known = since ? pinned.filter((id) => followed.has(id)) : [];
  if (progress && fresh.length) {
    progress.total += fresh.length;
    ctx.update({ download: { ...progress } });
  }
  let best = stored;
  const requests = [
    ...chunked(fresh).map((ids) => ({ ids, since: null })),
    ...chunked(known).map((ids) => ({ ids, since })),
  ];
  for (const { ids, since: after } of requests) {
    if (ctx.isStopped() || !ctx.isOnline()) return false;
    const rows = await ctx.transport.pullByIds(TABLE, ids, after);
    if (rows.length) {
      const count = await ctx.store.applyPulled(TABLE, rows);
      for (const row of rows) {
        best = maxCursor(best, cursorOf(row));
        changed.set(String(row.id), String(row.updated_at));
      }
      ctx.emit({ type: 'pulled', table: TABLE, count });
    }
    if (progress && after === null) {
      progress.done = Math.min(progress.total, progress.done + ids.length);
      ctx.update({ download: { ...progress } });
    }
  }
  if (best) await ctx.store.setCursor(TABLE, seen ? { updated_at: best.updated_at, id: best.id, seen } : best);
  await scope.setFollowedIds(pinned);
  return true;
}

/** The offline pack's area: listings there changed since its cursor; one that came into the area joins the pack. */
async function pullArea(
  ctx: CycleContext,
  time: ServerTime,
  scope: ListingScope,
  changed: Map<string, string>,
): Promise<void> {
  const area = await scope.area();
  if (!area || !area.outcodes.length) return;
  const where = { column: 'outcode', values: area.outcodes };
  await pullPages<Row>(ctx, time, {
    stored: area.cursor,
    fetch: (after) => ctx.transport.pullPage(TABLE, after, ctx.settings.pageSize, where),
    cursorOf,
    write: async (rows, best) => {
      const present = await scope.presentIds(rows.map((r) => String(r.id)));
      const inside = (r: Row) =>
        typeof r.lat === 'number' &&
        typeof r.lng === 'number' &&
        r.status !== 'sold' &&
        milesBetween(area.centre, { lat: r.lat, lng: r.lng }) <= area.radius;
      const kept = rows.filter((r) => present.has(String(r.id)) || inside(r));
      if (kept.length) {
        const count = await ctx.store.applyPulled(TABLE, kept);
        for (const r of kept) changed.set(String(r.id), String(r.updated_at));
        ctx.emit({ type: 'pulled', table: TABLE, count });
      }
      const joined = kept.filter((r) => !present.has(String(r.id))).map((r) => String(r.id));
      if (best) await scope.areaPulled(best, joined);
    },
  });
}

/** A dealer's own stock, whole (the hub lists and edits it), caught up on its own cursor. */
async function pullStock(
  ctx: CycleContext,
  time: ServerTime,
  scope: ListingScope,
  changed: Map<string, string>,
): Promise<void> {
  const stock = await scope.stock?.();
  if (!stock || !stock.dealerIds.length) return;
  const where = { column: 'dealer_id', values: stock.dealerIds };
  await pullPages<Row>(ctx, time, {
    stored: stock.cursor,
    fetch: (after) => ctx.transport.pullPage(TABLE, after, ctx.settings.pageSize, where),
    cursorOf,
    write: async (rows, best) => {
      if (rows.length) {
        const count = await ctx.store.applyPulled(TABLE, rows);
        for (const r of rows) changed.set(String(r.id), String(r.updated_at));
        ctx.emit({ type: 'pulled', table: TABLE, count });
      }
      if (best) await scope.stockPulled?.(stock.dealerIds, best);
    },
  });
}

/**
 * The scoped pull of vehicle_listings: pinned listings, a dealer's own stock, then the offline pack's area.
 * Returns the listings it wrote, id -> updated_at (their price history may be behind: price-history-pull.ts).
 */
export async function pullHeldListings(
  ctx: CycleContext,
  time: ServerTime,
  scope: ListingScope,
  progress: DownloadProgress | null,
): Promise<Map<string, string>> {
  const changed = new Map<string, string>();
  if (!(await pullPinned(ctx, time, scope, progress, changed))) return changed;
  if (ctx.isStopped() || !ctx.isOnline()) return changed;
  await pullStock(ctx, time, scope, changed);
  if (ctx.isStopped() || !ctx.isOnline()) return changed;
  await pullArea(ctx, time, scope, changed);
  return changed;
}
