// Rows as COPY text format (tab-separated, \N for null), with the same value mapping as the seed's SQL
// literals (supabase/seed/sql.ts): arrays of strings are text[], any other array or object is jsonb.

const SPECIAL = /[\\\t\n\r]/;
const SPECIAL_ALL = /[\\\t\n\r]/g;
const ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

/** A text[] literal: every element quoted, with " and \ escaped inside. */
function arrayLiteral(items: readonly string[]): string {
  return `{${items.map((s) => `"${s.replace(/["\\]/g, '\\$&')}"`).join(',')}}`;
}

/** One field of a COPY text line. */
export function copyField(value: unknown): string {
  if (value === null || value === undefined) return '\\N';
  switch (typeof value) {
    case 'string':
      return SPECIAL.test(value) ? value.replace(SPECIAL_ALL, (c) => ESCAPES[c]) : value;
    case 'number':
      if (!Number.isFinite(value)) throw new RangeError(`Cannot copy ${value} into PostgreSQL`);
      return String(value);
    case 'boolean':
      return value ? 't' : 'f';
    case 'object':
      if (Array.isArray(value) && value.every((v) => typeof v === 'string')) return copyField(arrayLiteral(value));
      return copyField(JSON.stringify(value));
    default:
      throw new TypeError(`Cannot copy a ${typeof value} into PostgreSQL`);
  }
}

/** The rows' `columns` as COPY text: one line each, every line ending in a newline. */
export function copyText(rows: readonly Record<string, unknown>[], columns: readonly string[]): string {
  let text = '';
  for (const row of rows) {
    for (let c = 0; c < columns.length; c++) text += (c ? '\t' : '') + copyField(row[columns[c]]);
    text += '\n';
  }
  return text;
}
