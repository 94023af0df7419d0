/**
 * Sorting an index's ids by key (then by id), as IndexedDB orders the entries, without a JavaScript
 * comparator for the common cases. A comparator sort of 50,000 ids by string key costs 30-60 ms on a
 * phone-class core, once an index is first read after a full read of the table (listing-index.ts
 * builds the orders lazily). Here each key becomes a number that sorts the same way, packed with its id
 * into one double, and a native Float64Array sort does the work:
 *   - numbers: integers as they are (less the smallest) when the range fits, else their rank among the
 *     distinct values (a native sort of the values, then binary search);
 *   - strings: a mixed-radix number from their first code units (each position's digit counts only
 *     the code units that occur there, so a position every key shares costs nothing), then each run of
 *     equal numbers whose keys differ further on is put in order by a comparator (usually none).
 * Anything else (dates, mixed types) falls back to the comparator sort.
 */
export type SortKey = string | number | Date;

/** Ids whose key is defined, ordered by key (`cmp`), ties by id. */
export function sortIdsByKey(
  keyById: readonly (SortKey | undefined)[],
  cmp: (a: SortKey, b: SortKey) => number,
): Int32Array {
  const len = keyById.length;
  let n = 0;
  let strings = 0;
  let numbers = 0;
  for (let i = 0; i < len; i++) {
    const k = keyById[i];
    if (k === undefined) continue;
    n++;
    if (typeof k === 'string') strings++;
    else if (typeof k === 'number') numbers++;
  }
  const ids = new Int32Array(n);
  for (let i = 0, o = 0; i < len; i++) if (keyById[i] !== undefined) ids[o++] = i;
  if (n < 2) return ids;
  // A packed entry is prefix * SHIFT + id, exact below 2^53.
  const idBits = Math.max(1, Math.ceil(Math.log2(len)));
  if (idBits > 26) return comparatorSort(ids, keyById, cmp);
  const SHIFT = 2 ** idBits;
  const BUDGET = 2 ** (53 - idBits);
  let prefix: Float64Array | undefined;
  let exact = false;
  if (numbers === n) {
    prefix = numberPrefix(ids, keyById as readonly number[], BUDGET);
    exact = true;
  } else if (strings === n) {
    const p = stringPrefix(ids, keyById as readonly string[], BUDGET);
    if (p) ({ prefix, exact } = p);
  }
  if (!prefix) return comparatorSort(ids, keyById, cmp);
  const packed = new Float64Array(n);
  for (let i = 0; i < n; i++) packed[i] = prefix[i] * SHIFT + ids[i];
  packed.sort();
  const out = new Int32Array(n);
  for (let i = 0; i < n; i++) out[i] = packed[i] % SHIFT;
  if (exact) return out;
  // Equal prefixes: the keys may differ past the encoded positions. Order each such run by key.
  let start = 0;
  for (let i = 1; i <= n; i++) {
    if (i < n && Math.floor(packed[i] / SHIFT) === Math.floor(packed[start] / SHIFT)) continue;
    if (i - start > 1) {
      const first = keyById[out[start]];
      let same = true;
      for (let j = start + 1; j < i && same; j++) same = keyById[out[j]] === first;
      if (!same) out.subarray(start, i).sort((a, b) => cmp(keyById[a] as SortKey, keyById[b] as SortKey) || a - b);
    }
    start = i;
  }
  return out;
}

function comparatorSort(
  ids: Int32Array,
  keyById: readonly (SortKey | undefined)[],
  cmp: (a: SortKey, b: SortKey) => number,
): Int32Array {
  return ids.sort((a, b) => cmp(keyById[a] as SortKey, keyById[b] as SortKey) || a - b);
}

/** Each number's place as a non-negative integer below `budget` (equal keys equal, order kept). */
function numberPrefix(ids: Int32Array, keys: readonly number[], budget: number): Float64Array {
  const n = ids.length;
  const out = new Float64Array(n);
  let min = Infinity;
  let max = -Infinity;
  let integers = true;
  for (let i = 0; i < n; i++) {
    const k = keys[ids[i]];
    if (k < min) min = k;
    if (k > max) max = k;
    if (integers && !Number.isSafeInteger(k)) integers = false;
  }
  if (integers && max - min < budget) {
    for (let i = 0; i < n; i++) out[i] = keys[ids[i]] - min;
    return out;
  }
  // Ranks among the distinct values (-0 and 0 are one key, as in IndexedDB).
  const sorted = new Float64Array(n);
  for (let i = 0; i < n; i++) sorted[i] = keys[ids[i]] + 0;
  sorted.sort();
  let distinct = 0;
  for (let i = 0; i < n; i++) if (i === 0 || sorted[i] !== sorted[distinct - 1]) sorted[distinct++] = sorted[i];
  for (let i = 0; i < n; i++) {
    const k = keys[ids[i]];
    let lo = 0;
    let hi = distinct - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (sorted[mid] < k) lo = mid + 1;
      else hi = mid;
    }
    out[i] = lo;
  }
  return out;
}

/** Positions past this are never encoded (the runs left equal are sorted by the comparator). */
const MAX_POSITIONS = 64;

/**
 * The strings' first code units as one mixed-radix number each, below `budget`; `exact` when every
 * key ended within the encoded positions (equal numbers are then equal keys). A key that has ended
 * counts as below any code unit, as a shorter prefix sorts first. Undefined when no position fits.
 */
function stringPrefix(
  ids: Int32Array,
  keys: readonly string[],
  budget: number,
): { prefix: Float64Array; exact: boolean } | undefined {
  const n = ids.length;
  let maxLen = 0;
  for (let i = 0; i < n; i++) if (keys[ids[i]].length > maxLen) maxLen = keys[ids[i]].length;
  const prefix = new Float64Array(n);
  let radix = 1;
  let encoded = false;
  let pos = 0;
  for (; pos < Math.min(maxLen, MAX_POSITIONS); pos++) {
    let lo = Infinity;
    let hi = -Infinity;
    for (let i = 0; i < n; i++) {
      const s = keys[ids[i]];
      const c = pos < s.length ? s.charCodeAt(pos) : -1;
      if (c < lo) lo = c;
      if (c > hi) hi = c;
    }
    const r = hi - lo + 1;
    if (r === 1) continue; // every key has the same code unit here (or has ended)
    if (radix * r > budget) break;
    radix *= r;
    encoded = true;
    for (let i = 0; i < n; i++) {
      const s = keys[ids[i]];
      const c = pos < s.length ? s.charCodeAt(pos) : -1;
      prefix[i] = prefix[i] * r + (c - lo);
    }
  }
  if (!encoded && pos < maxLen) return undefined;
  return { prefix, exact: pos >= maxLen };
}
