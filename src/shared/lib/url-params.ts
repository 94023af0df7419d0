// Small, forgiving readers for URL query values: a shared link with a typo must still open a page. Generic
// (no car knowledge), so the data layer's filter schema and the car entity share them.

export function readInt(p: URLSearchParams, key: string, min: number, max: number): number | undefined {
  const raw = p.get(key);
  if (raw === null || raw.trim() === '') return undefined;
  const n = Number(raw);
  if (!Number.isFinite(n)) return undefined;
  return Math.min(max, Math.max(min, Math.round(n)));
}

export function readList<T extends string>(p: URLSearchParams, key: string, allowed: readonly T[]): T[] {
  const raw = p.get(key);
  if (!raw) return [];
  const seen = new Set<T>();
  for (const part of raw.split(',')) {
    const v = part.trim().toLowerCase() as T;
    if (allowed.includes(v)) seen.add(v);
  }
  // Canonical order so the same filter always makes the same URL.
  return allowed.filter((a) => seen.has(a));
}

export function readFreeList(p: URLSearchParams, key: string, maxItems = 20): string[] {
  const raw = p.get(key);
  if (!raw) return [];
  const out = [
    ...new Set(
      raw
        .split(',')
        .map((s) => s.trim().toLowerCase())
        .filter((s) => /^[a-z0-9-]{1,40}$/.test(s)),
    ),
  ];
  return out.sort().slice(0, maxItems);
}

export function readOne<T extends string>(p: URLSearchParams, key: string, allowed: readonly T[]): T | undefined {
  const raw = p.get(key);
  return raw !== null && (allowed as readonly string[]).includes(raw) ? (raw as T) : undefined;
}

export function readSlug(p: URLSearchParams, key: string): string | undefined {
  const raw = p.get(key)?.trim().toLowerCase();
  return raw && /^[a-z0-9-]{1,60}$/.test(raw) ? raw : undefined;
}

export type ParamValue = string | number | boolean | undefined | string[];

/** Writes only values that differ from the default, so URLs stay short and canonical. */
export function setIf(p: URLSearchParams, key: string, value: ParamValue): void {
  if (value === undefined || value === false || value === '') return;
  if (Array.isArray(value)) {
    if (value.length > 0) p.set(key, value.join(','));
    return;
  }
  p.set(key, value === true ? '1' : String(value));
}

export const PAGE_SIZE_DEFAULT = 20;
/** Long pages are virtualised (VirtualGrid), so a thousand results on one page stay smooth. */
export const PAGE_SIZE_MAX = 1000;
export const PAGE_SIZES = [20, 50, 100, 1000] as const;

/** The sort and paging every filter URL ends with. */
export interface SortAndPage<S extends string> {
  sort: S;
  page: number;
  pageSize: number;
}

export function readPaging(p: URLSearchParams): { page: number; pageSize: number } {
  return {
    page: readInt(p, 'page', 1, 10_000) ?? 1,
    pageSize: readInt(p, 'size', 1, PAGE_SIZE_MAX) ?? PAGE_SIZE_DEFAULT,
  };
}

/**
 * A filter state as a query string: the screen's own keys in the given order (empty ones left out),
 * then sort (unless it is the default), page and page size.
 */
export function serializeFilterParams<S extends string>(
  keys: [key: string, value: ParamValue][],
  f: SortAndPage<S>,
  defaultSort: S,
): URLSearchParams {
  const p = new URLSearchParams();
  for (const [key, value] of keys) setIf(p, key, value);
  if (f.sort !== defaultSort) p.set('sort', f.sort);
  if (f.page > 1) p.set('page', String(f.page));
  if (f.pageSize !== PAGE_SIZE_DEFAULT) p.set('size', String(f.pageSize));
  return p;
}
