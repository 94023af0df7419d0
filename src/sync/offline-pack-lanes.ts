// The offline pack's id slices. The pack's first page (1,000 listings by id, with the pack's count) is
// asked alone; what is left is then cut into slices of the id space after that page, sized to hold some
// LANE_ROWS listings each (ids are random UUIDs, so listings spread evenly over it), and the slices are
// asked PACK_CONCURRENCY at a time, each paged by keyset within itself (id > last, never OFFSET). Each
// request makes the server find the whole pack again, so the fewest requests win: 4,400 listings take
// five, one per 1,000, and the next one is on the wire while the server answers the one before. Skewed ids
// (a sequential test seed) still work: a fuller slice just takes more pages.

/** Requests in flight at once after the first: enough to hide the round trip behind the server's work. */
export const PACK_CONCURRENCY = 2;
/** Listings a slice is cut to hold: under a page of 1,000, so an even spread never needs a second page. */
export const LANE_ROWS = 900;

/** Which ids one request asks for: `from` (inclusive) or `after` (exclusive), and below `before`. */
export interface PackRange {
  from: string | null;
  after: string | null;
  before: string | null;
}

/** Every id, from the first. */
export const WHOLE_PACK: PackRange = { from: null, after: null, before: null };

const SPACE = 2 ** 32;

/** The first id whose first 32 bits are `n`. */
const boundary = (n: number) => `${n.toString(16).padStart(8, '0')}-0000-0000-0000-000000000000`;

/**
 * The ids after `lastId`, cut into slices expected to hold `remaining` listings between them, LANE_ROWS
 * or fewer each. Ids that are not UUIDs make one slice.
 */
export function slicesAfter(lastId: string, remaining: number): PackRange[] {
  const start = Number.parseInt(lastId.slice(0, 8), 16);
  const count = Math.max(1, Math.ceil(remaining / LANE_ROWS));
  const cuts = new Set<number>();
  if (/^[0-9a-f]{8}-/i.test(lastId))
    for (let i = 1; i < count; i++) cuts.add(start + 1 + Math.floor(((SPACE - start - 1) * i) / count));
  const starts = [...cuts].filter((n) => n > start && n < SPACE).map(boundary);
  return [
    { from: null, after: lastId, before: starts[0] ?? null },
    ...starts.map((from, i) => ({ from, after: null, before: starts[i + 1] ?? null })),
  ];
}

/**
 * Listings expected after a full first page ending at `lastId`: from the pack's count when known, else
 * from how much of the id space that page covered.
 */
export function remainingAfter(lastId: string, firstPage: number, total: number | null, cap: number): number {
  if (total !== null) return Math.max(0, Math.min(total, cap) - firstPage);
  const covered = (Number.parseInt(lastId.slice(0, 8), 16) + 1) / SPACE;
  const estimate = Number.isFinite(covered) && covered > 0 ? firstPage / covered : cap;
  return Math.max(0, Math.min(estimate, cap) - firstPage);
}

/** The request for a slice's next page, after the last id of the one before. */
export const nextInLane = (range: PackRange, lastId: string): PackRange => ({
  from: null,
  after: lastId,
  before: range.before,
});

/**
 * Whether an id falls in a range, compared as Postgres compares uuids (byte order, which for their
 * lower-case text is string order). For sources that are not the Data API (tests).
 */
export function inPackRange(id: string, range: PackRange): boolean {
  const key = id.toLowerCase();
  return (
    (range.from === null || key >= range.from) &&
    (range.after === null || key > range.after.toLowerCase()) &&
    (range.before === null || key < range.before)
  );
}
