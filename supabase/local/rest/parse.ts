// Parsers for PostgREST's query grammar: select lists, filters (incl. or/and trees), order.
// They only produce syntax trees; names are checked against the schema cache by the planner.
import { castSeparator, parseCastType, type CastType } from './cast';
import { badRequest } from './errors';

export interface FieldPath {
  column: string;
  /** JSON path: each step is an arrow ('->' or '->>') and a key. */
  json: { arrow: '->' | '->>'; key: string }[];
}

export interface FieldItem extends FieldPath {
  kind: 'field';
  alias: string | null;
  cast: CastType | null;
}
export interface StarItem {
  kind: 'star';
}
export interface EmbedItem {
  kind: 'embed';
  alias: string | null;
  name: string;
  hint: string | null;
  join: 'inner' | 'left' | null;
  spread: boolean;
  items: SelectItem[];
}
export type SelectItem = FieldItem | StarItem | EmbedItem;

export const OPERATORS = [
  'eq',
  'neq',
  'gt',
  'gte',
  'lt',
  'lte',
  'like',
  'ilike',
  'match',
  'imatch',
  'is',
  'isdistinct',
  'in',
  'cs',
  'cd',
  'ov',
  'sl',
  'sr',
  'nxl',
  'nxr',
  'adj',
  'fts',
  'plfts',
  'phfts',
  'wfts',
] as const;
export type Operator = (typeof OPERATORS)[number];

export interface Filter {
  kind: 'filter';
  field: FieldPath;
  negate: boolean;
  op: Operator;
  /** like(any)/like(all) quantifier, or the fts language. */
  modifier: string | null;
  value: string | string[];
}
export interface LogicTree {
  kind: 'logic';
  op: 'and' | 'or';
  negate: boolean;
  conditions: Condition[];
}
export type Condition = Filter | LogicTree;

export interface OrderTerm {
  field: FieldPath;
  dir: 'asc' | 'desc' | null;
  nulls: 'first' | 'last' | null;
}

const MAX_DEPTH = 16;

/** Splits on `sep` at depth 0, honouring double quotes (with backslash escapes) and parentheses. */
export function splitTopLevel(s: string, sep = ','): string[] {
  const parts: string[] = [];
  let depth = 0;
  let inQuote = false;
  let cur = '';
  for (let i = 0; i < s.length; i++) {
    const ch = s[i];
    if (inQuote) {
      cur += ch;
      if (ch === '\\' && i + 1 < s.length) cur += s[++i];
      else if (ch === '"') inQuote = false;
      continue;
    }
    if (ch === '"') inQuote = true;
    else if (ch === '(') depth++;
    else if (ch === ')') {
      depth--;
      if (depth < 0) throw badRequest('"failed to parse"', `Unexpected ")" in "${s}"`);
    } else if (ch === sep && depth === 0) {
      parts.push(cur);
      cur = '';
      continue;
    }
    cur += ch;
  }
  if (inQuote || depth !== 0) throw badRequest('"failed to parse"', `Unbalanced quotes or parentheses in "${s}"`);
  parts.push(cur);
  return parts;
}

const unquote = (s: string): string =>
  s.length >= 2 && s.startsWith('"') && s.endsWith('"') ? s.slice(1, -1).replace(/\\(.)/g, '$1') : s;

const IDENT = /^[^\s.,:()!"'\-><]+$/u;

const QUOTED = /^"(?:[^"\\]|\\.)*"$/s;

function identifier(raw: string, what: string): string {
  const t = raw.trim();
  // A name is bare (IDENT) or wholly quoted: `"a\"b"`, never `"a"b` or `"a":c`.
  const quoted = t.startsWith('"');
  const s = quoted ? (QUOTED.test(t) ? unquote(t) : '') : t;
  if (s === '' || (!quoted && !IDENT.test(s)) || s.includes('\u0000')) {
    throw badRequest(`"failed to parse ${what}"`, `Unexpected ${what} "${raw}"`);
  }
  return s;
}

/** `col`, `col->a->>b` (keys may be quoted). */
export function parseFieldPath(raw: string): FieldPath {
  const m = /^(.*?)(->>?)(.*)$/s.exec(raw);
  if (!m) return { column: identifier(raw, 'column'), json: [] };
  const column = identifier(m[1], 'column');
  const json: FieldPath['json'] = [];
  let rest = raw.slice(m[1].length);
  while (rest.length > 0) {
    // A key is quoted, an index, or bare (no quotes, dots, parentheses or other punctuation, as in PostgREST).
    const step = /^(->>?)("(?:[^"\\]|\\.)*"|-\d+|[^-.,:()!"'<>]+?)(?=->|$)/s.exec(rest);
    if (!step) throw badRequest('"failed to parse json path"', `Unexpected json path "${raw}"`);
    const key = unquote(step[2]);
    // A key also names the output column (an identifier), and Postgres stores no NUL in either.
    if (key.includes('\u0000')) throw badRequest('"failed to parse json path"', 'A json key may not contain NUL');
    json.push({ arrow: step[1] as '->' | '->>', key });
    rest = rest.slice(step[0].length);
  }
  return { column, json };
}

/** Finds the alias colon: a single ':' (not part of '::') outside quotes. */
function aliasSplit(s: string): [string | null, string] {
  let inQuote = false;
  for (let i = 0; i < s.length; i++) {
    const ch = s[i];
    if (inQuote && ch === '\\') i++;
    else if (ch === '"') inQuote = !inQuote;
    else if (!inQuote && ch === ':') {
      if (s[i + 1] === ':') return [null, s];
      return [identifier(s.slice(0, i), 'alias'), s.slice(i + 1)];
    }
    if (!inQuote && (ch === '(' || ch === '-')) break;
  }
  return [null, s];
}

function parseItem(raw: string, depth: number): SelectItem {
  const s = raw.trim();
  if (s === '*') return { kind: 'star' };
  if (s === '') throw badRequest('"failed to parse select parameter"', 'Empty select item');
  const spread = s.startsWith('...');
  const body = spread ? s.slice(3) : s;
  const paren = body.indexOf('(');
  if (paren >= 0 && body.endsWith(')') && !body.slice(0, paren).includes('"')) {
    const [alias, head] = aliasSplit(body.slice(0, paren));
    const [nameRaw, ...hints] = head.split('!');
    const embed: EmbedItem = {
      kind: 'embed',
      alias,
      name: identifier(nameRaw, 'embedded resource'),
      hint: null,
      join: null,
      spread,
      items: parseSelect(body.slice(paren + 1, -1), depth + 1),
    };
    for (const h of hints) {
      if (h === 'inner' || h === 'left') embed.join = h;
      else embed.hint = identifier(h, 'hint');
    }
    return embed;
  }
  if (spread) throw badRequest('"failed to parse select parameter"', `Spread needs an embedded resource: "${s}"`);
  const [alias, rest] = aliasSplit(body);
  const castAt = castSeparator(rest);
  const cast: CastType | null = castAt >= 0 ? parseCastType(rest.slice(castAt + 2)) : null;
  const expr = castAt >= 0 ? rest.slice(0, castAt) : rest;
  return { kind: 'field', alias, cast, ...parseFieldPath(expr) };
}

export function parseSelect(s: string, depth = 0): SelectItem[] {
  if (depth > MAX_DEPTH) throw badRequest('"failed to parse select parameter"', 'Embedding is nested too deeply');
  const trimmed = s.trim();
  if (trimmed === '') return [{ kind: 'star' }];
  return splitTopLevel(trimmed).map((p) => parseItem(p, depth));
}

function parseList(raw: string): string[] {
  if (!raw.startsWith('(') || !raw.endsWith(')')) {
    throw badRequest('"failed to parse filter (in)"', `Expected a list like (a,b) but got "${raw}"`);
  }
  const inner = raw.slice(1, -1);
  if (inner.trim() === '') return [];
  return splitTopLevel(inner).map((v) => unquote(v.trim()));
}

/** Parses `[not.]op[(modifier)].value` (the part after `col=`). */
export function parseOperation(field: FieldPath, raw: string, quotedValues: boolean): Filter {
  let rest = raw;
  let negate = false;
  if (rest.startsWith('not.')) {
    negate = true;
    rest = rest.slice(4);
  }
  const m = /^([a-z]+)(?:\(([^)]*)\))?\.([\s\S]*)$/.exec(rest);
  if (!m || !(OPERATORS as readonly string[]).includes(m[1])) {
    throw badRequest(
      '"failed to parse filter (' + raw.slice(0, 40) + ')"',
      `Unknown or malformed operator in "${raw}"`,
    );
  }
  const op = m[1] as Operator;
  const modifier = m[2] ?? null;
  const valueRaw = m[3];
  if (
    modifier !== null &&
    ![
      'like',
      'ilike',
      'fts',
      'plfts',
      'phfts',
      'wfts',
      'eq',
      'neq',
      'gt',
      'gte',
      'lt',
      'lte',
      'match',
      'imatch',
    ].includes(op)
  ) {
    throw badRequest('"failed to parse filter"', `Operator ${op} takes no modifier`);
  }
  if (
    modifier !== null &&
    !['fts', 'plfts', 'phfts', 'wfts'].includes(op) &&
    modifier !== 'any' &&
    modifier !== 'all'
  ) {
    throw badRequest('"failed to parse filter"', `Unknown quantifier "${modifier}"`);
  }
  let value: string | string[];
  if (op === 'in') value = parseList(valueRaw);
  else value = quotedValues ? unquote(valueRaw) : valueRaw;
  if (op === 'is' && !['null', 'true', 'false', 'unknown', 'not_null'].includes(String(value).toLowerCase())) {
    throw badRequest('"failed to parse filter (is)"', `Unknown value for is: "${value}"`);
  }
  return { kind: 'filter', field, negate, op, modifier, value };
}

/** `(a.eq.1,b.gt.2,and(c.eq.3,not.or(d.is.null,e.lt.4)))` */
export function parseLogicTree(op: 'and' | 'or', negate: boolean, raw: string, depth = 0): LogicTree {
  if (depth > MAX_DEPTH) throw badRequest('"failed to parse logic tree"', 'Logic tree is nested too deeply');
  if (!raw.startsWith('(') || !raw.endsWith(')')) {
    throw badRequest(`"failed to parse logic tree (${raw.slice(0, 40)})"`, 'Expected conditions in parentheses');
  }
  const conditions = splitTopLevel(raw.slice(1, -1)).map((part): Condition => {
    const p = part.trim();
    const tree = /^(not\.)?(and|or)(\(.*\))$/s.exec(p);
    if (tree) return parseLogicTree(tree[2] as 'and' | 'or', !!tree[1], tree[3], depth + 1);
    const dot = p.indexOf('.');
    if (dot <= 0) throw badRequest(`"failed to parse logic tree (${raw.slice(0, 40)})"`, `Unexpected condition "${p}"`);
    return parseOperation(parseFieldPath(p.slice(0, dot)), p.slice(dot + 1), true);
  });
  return { kind: 'logic', op, negate, conditions };
}

export function parseOrder(raw: string): OrderTerm[] {
  return splitTopLevel(raw).map((term) => {
    const parts = term.trim().split('.');
    let dir: OrderTerm['dir'] = null;
    let nulls: OrderTerm['nulls'] = null;
    const fieldRaw = parts.shift() ?? '';
    for (const p of parts) {
      if (p === 'asc' || p === 'desc') dir = p;
      else if (p === 'nullsfirst') nulls = 'first';
      else if (p === 'nullslast') nulls = 'last';
      else throw badRequest('"failed to parse order (' + raw.slice(0, 40) + ')"', `Unexpected "${p}" in order`);
    }
    return { field: parseFieldPath(fieldRaw), dir, nulls };
  });
}

export function parseNonNegInt(raw: string, what: string): number {
  if (!/^\d{1,15}$/.test(raw))
    throw badRequest(
      `"failed to parse ${what} parameter (${raw.slice(0, 40)})"`,
      `${what} must be a non-negative integer`,
    );
  return Number(raw);
}
