/**
 * Patches a snapshot's index orders for the listings changed since it was taken, instead of re-reading
 * every order (a 10,000-key order costs ~30 ms to read). Changed rows are the ones written in this
 * context (listing-changes.ts) and the ones with a newer updated_at (realtime and pulls, written by
 * the worker or another tab); deletes from elsewhere show as a lower count and are found by a key diff.
 * Each changed row is taken out of every cached order and put back where IndexedDB now holds it:
 * two counts per row and order give the rows below its key and those tied with it.
 */
import { cmp, Dexie, type IndexableType } from 'dexie';
import { listingWritesSince } from './listing-changes';
import type { CatalogueTx, IndexSnapshot } from './listing-index';

/** Beyond this many changed rows a fresh read of the orders is cheaper than patching. */
const MAX_PATCHED = 200;
const SLACK_MS = 10_000;

type Row = Record<string, unknown> & { id: string };

/**
 * Applies the changes since `snap` was taken to a copy of its orders, and updates the shared id
 * numbering (append-only, so a query still reading `snap` is unaffected); false when the snapshot
 * must be rebuilt instead.
 */
export async function patchSnapshot(t: CatalogueTx, snap: IndexSnapshot): Promise<Map<string, Int32Array> | undefined> {
  if (!snap.derivedComplete) return undefined;
  const local = listingWritesSince(t.db.name, snap.takenAt);
  if (!local) return undefined;
  const L = t.listings;
  const [newer, count] = await Promise.all([
    L.where('updated_at').above(withSlack(snap.newest)).primaryKeys() as Promise<string[]>,
    L.count(),
  ]);
  const changed = new Set([...local.keys, ...newer]);
  // Nothing named yet the state changed: something this code cannot see, so read afresh.
  if (changed.size === 0 || changed.size > MAX_PATCHED) return undefined;
  const keys = [...changed];
  const found = (await L.bulkGet(keys)) as (Row | undefined)[];
  const present = found.filter((r): r is Row => r !== undefined);
  const gone = new Set(keys.filter((_, i) => !found[i]));
  if (countLiveAfter(snap, present, gone) !== count) for (const k of await deletedElsewhere(t, snap)) gone.add(k);
  if (countLiveAfter(snap, present, gone) !== count) return undefined;
  for (const row of present) idFor(snap, row.id);
  const moved = new Set(keys.map((k) => snap.idOf.get(k)).filter((id): id is number => id !== undefined));
  for (const k of gone) {
    snap.live.delete(k);
    const id = snap.idOf.get(k);
    if (id !== undefined) moved.add(id);
  }
  for (const row of present) snap.live.add(row.id);
  const indexes = [...snap.orders.keys()];
  const patched = await Promise.all(indexes.map((index) => patchOrder(t, snap, index, moved, present)));
  // A cheap guard: a patched order must hold as many entries as IndexedDB's index, else read afresh.
  const sizes = await Promise.all(indexes.map((index) => L.orderBy(index).count()));
  if (sizes.some((n, i) => n !== patched[i].length)) return undefined;
  return new Map(indexes.map((index, i) => [index, patched[i]]));
}

/** Server commits can land slightly out of updated_at order, so rows a little older are re-placed too. */
function withSlack(newest: string): string {
  const ms = Date.parse(newest);
  return Number.isNaN(ms) ? newest : new Date(ms - SLACK_MS).toISOString();
}

function newKeys(snap: IndexSnapshot, present: readonly Row[]): number {
  return present.filter((r) => !snap.live.has(r.id)).length;
}

function countLiveAfter(snap: IndexSnapshot, present: readonly Row[], gone: ReadonlySet<string>): number {
  let removed = 0;
  for (const k of gone) if (snap.live.has(k)) removed++;
  return snap.live.size - removed + newKeys(snap, present);
}

async function deletedElsewhere(t: CatalogueTx, snap: IndexSnapshot): Promise<string[]> {
  const now = new Set((await t.listings.toCollection().primaryKeys()) as string[]);
  return [...snap.live].filter((k) => !now.has(k));
}

function idFor(snap: IndexSnapshot, pk: string): number {
  let id = snap.idOf.get(pk);
  if (id === undefined) {
    id = snap.pks.length;
    snap.pks.push(pk);
    snap.idOf.set(pk, id);
  }
  return id;
}

/** The row's key in an index, or undefined when IndexedDB leaves the row out of it. */
function keyIn(t: CatalogueTx, index: string, row: Row): IndexableType | undefined {
  const spec = t.listings.schema.idxByName[index];
  const key = Dexie.getByKeyPath(row, spec?.keyPath ?? index) as IndexableType | undefined;
  return isIdbKey(key) ? key : undefined;
}

/** IndexedDB leaves a row out of an index when its value there is not a valid key (null, a boolean, NaN). */
function isIdbKey(key: unknown): key is IndexableType {
  if (typeof key === 'string') return true;
  if (typeof key === 'number') return !Number.isNaN(key);
  if (key instanceof Date) return !Number.isNaN(key.getTime());
  if (Array.isArray(key)) return key.every(isIdbKey);
  return key instanceof ArrayBuffer || ArrayBuffer.isView(key);
}

async function patchOrder(
  t: CatalogueTx,
  snap: IndexSnapshot,
  index: string,
  moved: ReadonlySet<number>,
  present: readonly Row[],
): Promise<Int32Array> {
  const order = snap.orders.get(index) ?? new Int32Array(0);
  const base = order.filter((id) => !moved.has(id));
  const entries = present.flatMap((row) => {
    const key = keyIn(t, index, row);
    return key === undefined ? [] : [{ row, key, id: snap.idOf.get(row.id) ?? -1 }];
  });
  const where = () => t.listings.where(index);
  const placed = await Promise.all(
    entries.map(async (e) => {
      const [below, tied] = await Promise.all([where().below(e.key).count(), where().equals(e.key).count()]);
      let changedBelow = 0;
      let changedTied = 0;
      let tiedBefore = 0;
      for (const o of entries) {
        const c = cmp(o.key, e.key);
        if (c < 0) changedBelow++;
        else if (c === 0) {
          changedTied++;
          if (o.row.id < e.row.id) tiedBefore++;
        }
      }
      const lo = below - changedBelow;
      const hi = lo + tied - changedTied;
      return { id: e.id, at: below + tiesBelow(snap, base, lo, hi, e.row.id) + tiedBefore };
    }),
  );
  placed.sort((a, b) => a.at - b.at);
  const out = new Int32Array(base.length + placed.length);
  let from = 0;
  let to = 0;
  for (const p of placed) {
    while (to < p.at && from < base.length) out[to++] = base[from++];
    out[to++] = p.id;
  }
  while (from < base.length) out[to++] = base[from++];
  return out;
}

/** How many of base[lo, hi) (rows tied on the key, in primary-key order) have a smaller primary key. */
function tiesBelow(snap: IndexSnapshot, base: Int32Array, lo: number, hi: number, pk: string): number {
  let a = lo;
  let b = Math.max(lo, hi);
  while (a < b) {
    const mid = (a + b) >> 1;
    if (snap.pks[base[mid]] < pk) a = mid + 1;
    else b = mid;
  }
  return a - lo;
}
