/**
 * Structural sharing for live-query answers: returns `prev` where `next` is deeply equal to it, and
 * otherwise a copy of `next` that reuses every equal part of `prev` (plain objects and arrays only;
 * anything else is equal only when identical). A realtime change that leaves an answer unchanged then
 * re-renders nothing, and one that changes a single row leaves the other rows' objects (and so their
 * memoised components) as they were.
 */
export function replaceEqualDeep<T>(prev: unknown, next: T): T {
  if (prev === next) return prev as T;
  const bothArrays = Array.isArray(prev) && Array.isArray(next);
  if (!bothArrays && !(isPlainObject(prev) && isPlainObject(next))) return next;
  const a = prev as Record<string, unknown>;
  const b = next as Record<string, unknown>;
  const keys = bothArrays ? null : Object.keys(b);
  const size = bothArrays ? (next as unknown[]).length : (keys as string[]).length;
  const prevSize = bothArrays ? (prev as unknown[]).length : Object.keys(a).length;
  const copy: Record<string, unknown> | unknown[] = bothArrays ? new Array(size) : {};
  let equalItems = 0;
  for (let i = 0; i < size; i++) {
    const key = bothArrays ? i : (keys as string[])[i];
    const value = replaceEqualDeep(a[key], b[key]);
    (copy as Record<string | number, unknown>)[key] = value;
    if (value === a[key] && (bothArrays || Object.prototype.hasOwnProperty.call(a, key))) equalItems++;
  }
  if (size === prevSize && equalItems === prevSize) return prev as T;
  return (equalItems === 0 ? next : copy) as T;
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  if (typeof v !== 'object' || v === null) return false;
  const proto = Object.getPrototypeOf(v) as unknown;
  return proto === Object.prototype || proto === null;
}
