// The compare list's rules, kept pure so the store and the URL share them.
export const COMPARE_MAX = 4;

export type CompareKind = 'model' | 'listing';
export interface CompareItem {
  kind: CompareKind;
  id: string;
}

export type AddResult =
  { ok: true; items: CompareItem[] } | { ok: false; reason: 'duplicate' | 'full'; items: CompareItem[] };

export const sameItem = (a: CompareItem, b: CompareItem): boolean => a.kind === b.kind && a.id === b.id;

export function addCompareItem(items: readonly CompareItem[], item: CompareItem): AddResult {
  if (items.some((i) => sameItem(i, item))) return { ok: false, reason: 'duplicate', items: [...items] };
  if (items.length >= COMPARE_MAX) return { ok: false, reason: 'full', items: [...items] };
  return { ok: true, items: [...items, item] };
}

export function removeCompareItem(items: readonly CompareItem[], item: CompareItem): CompareItem[] {
  return items.filter((i) => !sameItem(i, item));
}

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const PREFIX: Record<CompareKind, string> = { model: 'm', listing: 'l' };

/** 'm:<uuid>,l:<uuid>' — short, readable and stable for shared links. */
export function encodeCompareItems(items: readonly CompareItem[]): string {
  return items.map((i) => `${PREFIX[i.kind]}:${i.id}`).join(',');
}

/** Reads a shared list: unknown or malformed entries and duplicates are dropped, at most COMPARE_MAX kept. */
export function decodeCompareItems(raw: string | null | undefined): CompareItem[] {
  let items: CompareItem[] = [];
  for (const part of (raw ?? '').split(',')) {
    const [p, id] = part.trim().split(':');
    const kind: CompareKind | undefined = p === 'm' ? 'model' : p === 'l' ? 'listing' : undefined;
    if (!kind || !id || !UUID_RE.test(id)) continue;
    const r = addCompareItem(items, { kind, id: id.toLowerCase() });
    items = r.items;
  }
  return items;
}

/** For each row, which columns hold the best value (ties all win); nothing highlighted if all equal or missing. */
export function bestIndexes(values: readonly (number | null | undefined)[], better: 'lower' | 'higher'): number[] {
  const present = values
    .map((v, i) => ({ v, i }))
    .filter((x): x is { v: number; i: number } => typeof x.v === 'number' && Number.isFinite(x.v));
  if (present.length < 2) return [];
  const target = better === 'lower' ? Math.min(...present.map((x) => x.v)) : Math.max(...present.map((x) => x.v));
  const winners = present.filter((x) => x.v === target).map((x) => x.i);
  return winners.length === present.length ? [] : winners;
}
