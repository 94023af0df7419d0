// Type names in `select=col::type`. PostgREST takes a type name here, never SQL: the name is
// parsed against a strict grammar and reaches SQL either as a quoted identifier or, for the SQL
// standard's keyword types (`integer`, `double precision`, ...), as this module's own spelling.
import { quoteIdent } from '../db/sql';
import { badRequest } from './errors';

export interface CastType {
  /** SQL for the base type: a quoted (schema-qualified) name or a keyword type from KEYWORD_TYPES. */
  base: string;
  /** Number of `[]` suffixes. */
  arrayDims: number;
}

/**
 * Keyword types: the grammar spells them, so quoting would break them (`"integer"`, `"double
 * precision"` and `"decimal"` are no type; `"char"` is another type). Keys are the accepted
 * lowercase spellings with single spaces; values are the SQL we emit.
 */
const KEYWORD_TYPES: Readonly<Record<string, string>> = {
  int: 'integer',
  integer: 'integer',
  smallint: 'smallint',
  bigint: 'bigint',
  real: 'real',
  float: 'double precision',
  'double precision': 'double precision',
  dec: 'numeric',
  decimal: 'numeric',
  numeric: 'numeric',
  boolean: 'boolean',
  char: 'character',
  character: 'character',
  varchar: 'character varying',
  'char varying': 'character varying',
  'character varying': 'character varying',
  bit: 'bit',
  'bit varying': 'bit varying',
  timestamp: 'timestamp without time zone',
  'timestamp without time zone': 'timestamp without time zone',
  'timestamp with time zone': 'timestamp with time zone',
  time: 'time without time zone',
  'time without time zone': 'time without time zone',
  'time with time zone': 'time with time zone',
  interval: 'interval',
};

/** An unquoted SQL name as PostgREST's type names allow it (letters, digits, `_`, `$`). */
const NAME = /^[A-Za-z_][A-Za-z0-9_$]{0,62}$/;
const ARRAY_SUFFIX = /^(.*?)((?:\[\])*)$/s;
const MAX_DIMS = 6;

function refuse(raw: string, why: string): never {
  throw badRequest(
    '"failed to parse select parameter"',
    `Unexpected cast "${raw.slice(0, 60)}": ${why}. A cast takes a type name, e.g. id::text or price::numeric`,
  );
}

/** Parses the text after `::`; throws PGRST100 for anything that is not a type name. */
export function parseCastType(raw: string): CastType {
  const [, head, suffix] = ARRAY_SUFFIX.exec(raw.trim())!;
  const arrayDims = suffix.length / 2;
  if (arrayDims > MAX_DIMS) refuse(raw, 'too many array dimensions');
  const words = head.trim().toLowerCase().split(/ +/);
  const keyword = KEYWORD_TYPES[words.join(' ')];
  if (keyword) return { base: keyword, arrayDims };
  if (words.length !== 1 || words[0] === '') refuse(raw, 'expected a type name');
  // Postgres folds unquoted names to lower case: `::TEXT` means "text".
  const parts = words[0].split('.');
  if (parts.length > 2 || !parts.every((p) => NAME.test(p))) refuse(raw, 'expected a type name');
  return { base: parts.map(quoteIdent).join('.'), arrayDims };
}

export const castTypeSql = (t: CastType): string => t.base + '[]'.repeat(t.arrayDims);

/** Index of the last `::` outside double quotes (a quoted json key may hold one), or -1. */
export function castSeparator(s: string): number {
  let inQuote = false;
  let at = -1;
  for (let i = 0; i < s.length; i++) {
    if (s[i] === '\\' && inQuote) i++;
    else if (s[i] === '"') inQuote = !inQuote;
    else if (!inQuote && s[i] === ':' && s[i + 1] === ':') at = i++;
  }
  return at;
}
