// postgres_changes filters `col=op.value` (eq, neq, lt, lte, gt, gte, in), matched against row JSON.
export type FilterOp = 'eq' | 'neq' | 'lt' | 'lte' | 'gt' | 'gte' | 'in';

export interface RowFilter {
  column: string;
  op: FilterOp;
  values: string[];
}

const OPS: readonly FilterOp[] = ['eq', 'neq', 'lt', 'lte', 'gt', 'gte', 'in'];

function splitList(list: string): string[] {
  // in.(a,"b,c") — quoted items may hold commas; backslash escapes inside quotes.
  const out: string[] = [];
  let cur = '';
  let quoted = false;
  for (let i = 0; i < list.length; i += 1) {
    const ch = list[i];
    if (quoted) {
      if (ch === '\\' && i + 1 < list.length) cur += list[++i];
      else if (ch === '"') quoted = false;
      else cur += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      out.push(cur.trim());
      cur = '';
    } else cur += ch;
  }
  out.push(cur.trim());
  return out;
}

/** Parses a filter string; throws with a readable message when it is malformed. */
export function parseFilter(filter: string): RowFilter {
  const m = /^([A-Za-z_][A-Za-z0-9_]*)=([a-z]+)\.(.*)$/s.exec(filter.trim());
  if (!m) throw new Error(`Invalid filter "${filter}": expected column=operator.value`);
  const [, column, op, raw] = m;
  if (!(OPS as readonly string[]).includes(op)) throw new Error(`Unsupported filter operator "${op}"`);
  if (op === 'in') {
    const inner = /^\((.*)\)$/s.exec(raw);
    if (!inner) throw new Error(`Invalid filter "${filter}": in expects (a,b,c)`);
    return { column, op: 'in', values: splitList(inner[1]) };
  }
  return { column, op: op as FilterOp, values: [raw] };
}

function text(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

function compare(actual: string, expected: string): number {
  const a = Number(actual);
  const b = Number(expected);
  if (actual.trim() !== '' && expected.trim() !== '' && Number.isFinite(a) && Number.isFinite(b)) return a - b;
  const da = Date.parse(actual);
  const db = Date.parse(expected);
  if (
    /^\d{4}-\d{2}-\d{2}/.test(actual) &&
    /^\d{4}-\d{2}-\d{2}/.test(expected) &&
    !Number.isNaN(da) &&
    !Number.isNaN(db)
  ) {
    return da - db;
  }
  return actual < expected ? -1 : actual > expected ? 1 : 0;
}

/** True when the row satisfies the filter; a column missing from the row never matches. */
export function matchesFilter(filter: RowFilter, row: Record<string, unknown>): boolean {
  if (!(filter.column in row)) return false;
  const actual = text(row[filter.column]);
  if (actual === null) return false;
  switch (filter.op) {
    case 'eq':
      return compare(actual, filter.values[0]) === 0;
    case 'neq':
      return compare(actual, filter.values[0]) !== 0;
    case 'lt':
      return compare(actual, filter.values[0]) < 0;
    case 'lte':
      return compare(actual, filter.values[0]) <= 0;
    case 'gt':
      return compare(actual, filter.values[0]) > 0;
    case 'gte':
      return compare(actual, filter.values[0]) >= 0;
    case 'in':
      return filter.values.some((v) => compare(actual, v) === 0);
  }
}
