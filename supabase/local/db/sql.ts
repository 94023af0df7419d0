// Tiny SQL helpers shared by the stack. Identifiers only: values are always bound parameters.

/** Quotes an SQL identifier ("a""b"). Rejects NUL, which Postgres cannot store in a name. */
export function quoteIdent(name: string): string {
  if (name.includes('\u0000')) throw new Error('identifier contains NUL');
  return `"${name.replace(/"/g, '""')}"`;
}

/** OIDs whose text form we keep as strings on both engines (no time-zone surprises from JS Date). */
export const TEXT_KEPT_OIDS = { date: 1082, timestamp: 1114, time: 1083, timetz: 1266 } as const;
export const INT8_OID = 20;
export const NUMERIC_OID = 1700;

/** Postgres numeric / bigint text -> JS number (counts, prices: all far below 2^53 here). */
export const toNumber = (v: string): number => Number(v);
