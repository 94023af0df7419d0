// The offline pack's id slices. Once the server has said how many listings the pack holds
// (offline_pack_reach), the id space is cut into slices sized to hold some LANE_ROWS listings each (ids
// are random UUIDs, so listings spread evenly over it), asked PACK_CONCURRENCY at a time, each paged by
// keyset within itself (id > last, never OFFSET), so the next request is on the wire while the server
// answers the one before. Skewed ids (a sequential test seed) still work: a fuller slice just takes more
// pages.

/**
 * Requests in flight at once: a full pack's slices (5,000 / LANE_ROWS = 6) all at once, so the download is
 * one round trip plus the server's work, not three. Six is also what a browser opens to one host.
 */
export const PACK_CONCURRENCY = 6;
/** Listings a slice is cut to hold: under a page of 1,000, so an even spread never needs a second page. */
export const LANE_ROWS = 900;

/** Which ids one request asks for: after `after` and below `before` (null: no bound). */
export interface PackRange {
  after: string | null;
  before: string | null;
}

const SPACE = 2 ** 32;

/** The first id whose first 32 bits are `n`. */
const firstOf = (n: number) => `${n.toString(16).padStart(8, '0')}-0000-0000-0000-000000000000`;
/** The last id whose first 32 bits are `n`. */
const lastOf = (n: number) => `${n.toString(16).padStart(8, '0')}-ffff-ffff-ffff-ffffffffffff`;

/** The whole id space cut into slices expected to hold `listings` between them, LANE_ROWS or fewer each. */
export function packSlices(listings: number): PackRange[] {
  const count = Math.max(1, Math.ceil(listings / LANE_ROWS));
  const cuts = Array.from({ length: count - 1 }, (_, i) => Math.floor((SPACE * (i + 1)) / count));
  return Array.from({ length: count }, (_, i) => ({
    after: i === 0 ? null : lastOf(cuts[i - 1] - 1),
    before: i === count - 1 ? null : firstOf(cuts[i]),
  }));
}

/** The request for a slice's next page, after the last id of the one before. */
export const nextInLane = (range: PackRange, lastId: string): PackRange => ({ after: lastId, before: range.before });

/**
 * Whether an id falls in a range, compared as Postgres compares uuids (byte order, which for their
 * lower-case text is string order). For sources that are not the Data API (tests).
 */
export function inPackRange(id: string, range: PackRange): boolean {
  const key = id.toLowerCase();
  return (
    (range.after === null || key > range.after.toLowerCase()) &&
    (range.before === null || key < range.before.toLowerCase())
  );
}
