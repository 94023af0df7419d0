// Whether two copies of a listing show the same: field by field over the server's columns. The store adds
// derived fields (listing-derived.ts) that a server row lacks, and car-facts.ts works them out when absent.
import type { ListingRow } from '../types';

const DERIVED = new Set(['colour_key', 'ulez', 'annual_tax']);

export function sameListing(a: ListingRow, b: ListingRow): boolean {
  if (a === b) return true;
  const x = a as unknown as Record<string, unknown>;
  const y = b as unknown as Record<string, unknown>;
  const keys = new Set([...Object.keys(x), ...Object.keys(y)]);
  for (const k of keys) {
    if (DERIVED.has(k)) continue;
    const [u, v] = [x[k], y[k]];
    if (u !== v && (typeof u !== 'object' || typeof v !== 'object' || JSON.stringify(u) !== JSON.stringify(v)))
      return false;
  }
  return true;
}

/**
 * Whether the device's copy `held` is the server's row `next` as it would be stored: the same server columns and
 * the same derived fields (which follow the model's list price, so a row stored before the models arrived
 * differs). `derive` works out `next`'s derived fields, asked only when the server columns agree, so a row that
 * will be written is derived once, by the store's own write path.
 */
export function sameStored(
  held: ListingRow | undefined,
  next: ListingRow,
  derive: (row: ListingRow) => object,
): boolean {
  if (held === undefined || !sameListing(held, next)) return false;
  const x = held as unknown as Record<string, unknown>;
  const y = derive(next) as Record<string, unknown>;
  for (const k of DERIVED) if (x[k] !== y[k]) return false;
  return true;
}

/**
 * `next` with each row that shows the same as in `prev` replaced by `prev`'s object, so a memoised card given
 * the same listing does not render again when the device's answer, then the server's, replace the rows.
 */
export function keepSame(prev: readonly ListingRow[], next: ListingRow[]): ListingRow[] {
  if (prev.length === 0) return next;
  const byId = new Map(prev.map((r) => [r.id, r]));
  return next.map((r) => {
    const old = byId.get(r.id);
    return old && sameListing(old, r) ? old : r;
  });
}
