// Cursor arithmetic on the server's timestamp strings. JS Dates keep milliseconds only, and
// Postgres keeps microseconds, so timestamps are compared as BigInt microseconds instead.
import type { Cursor } from '@/data/types';

const TS = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,9}))?(Z|[+-]\d{2}(?::?\d{2})?)?$/;

/** Microseconds since the epoch of a Postgres/PostgREST timestamptz string. */
export function toMicros(ts: string): bigint {
  const m = TS.exec(ts.trim());
  if (!m) throw new Error(`Unrecognised timestamp: ${ts}`);
  const [, y, mo, d, h, mi, s, frac = '', zone = 'Z'] = m;
  const ms = Date.UTC(+y, +mo - 1, +d, +h, +mi, +s);
  let offsetMin = 0;
  if (zone !== 'Z') {
    const sign = zone.startsWith('-') ? -1 : 1;
    const digits = zone.slice(1).replace(':', '');
    offsetMin = sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2, 4) || '0'));
  }
  const micros = BigInt((frac + '000000').slice(0, 6));
  return (BigInt(ms) - BigInt(offsetMin) * 60_000n) * 1000n + micros;
}

/** ISO-8601 UTC with 6 fractional digits. */
export function fromMicros(us: bigint): string {
  const ms = us / 1000n;
  const rest = us % 1000n;
  const iso = new Date(Number(ms)).toISOString(); // ...ss.mmmZ
  return `${iso.slice(0, 23)}${rest.toString().padStart(3, '0')}Z`;
}

export const ZERO_UUID = '00000000-0000-0000-0000-000000000000';
export const ORIGIN_CURSOR: Cursor = { updated_at: '1970-01-01T00:00:00.000000Z', id: ZERO_UUID };

/** -1 / 0 / 1 comparing (updated_at, id). */
export function compareCursor(a: Cursor, b: Cursor): number {
  const ta = toMicros(a.updated_at);
  const tb = toMicros(b.updated_at);
  if (ta !== tb) return ta < tb ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/**
 * Where a catch-up of a stored cursor starts: `windowMs` before the server time its visit began reading
 * (`cursor.seen`), never past the cursor. A row committed after that read has an updated_at at most
 * `windowMs` before its commit, so only rows after `seen` less the window can be new; once that is past
 * the cursor, start strictly after (updated_at, id), or rows sharing one timestamp (a seeded table) would
 * be downloaded again on every catch-up.
 */
export function catchUpStart(cursor: Cursor, windowMs: number): Cursor {
  const at = toMicros(cursor.updated_at);
  const seen = cursor.seen ? toMicros(cursor.seen) : at;
  const start = (seen > at ? seen : at) - BigInt(windowMs) * 1000n;
  if (start > at) return { updated_at: cursor.updated_at, id: cursor.id };
  return { updated_at: fromMicros(start < 0n ? 0n : start), id: ZERO_UUID };
}

export function maxCursor(a: Cursor | null, b: Cursor): Cursor {
  return a === null || compareCursor(b, a) > 0 ? b : a;
}
