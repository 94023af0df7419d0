// Turns parsed select/filters/order into a tree of read nodes and then into one SQL statement.
// Identifiers are always quoted (names checked against the schema cache; aliases and output keys as
// given); cast types come from cast.ts; every value is a bound parameter.
import { EMBED_BUDGET_BYTES } from '../config';
import { quoteIdent as q } from '../db/sql';
import { castTypeSql } from './cast';
import { ApiError, badRequest } from './errors';
import type { Condition, EmbedItem, FieldPath, Filter, OrderTerm, SelectItem } from './parse';
import { resolveRelationship, type Relationship } from './relationships';
import type { Relation, SchemaCache } from './schema-cache';

export class Params {
  readonly values: unknown[] = [];
  add(v: unknown): string {
    this.values.push(v);
    return `$${this.values.length}`;
  }
  text(v: string): string {
    return `${this.add(v)}::text`;
  }
}

export interface ReadNode {
  rel: Relation;
  alias: string;
  items: SelectItem[];
  filters: Condition[];
  /** `rel=is.null` / `rel=not.is.null` on child embeds. */
  embedNullFilters: { key: string; isNull: boolean }[];
  order: OrderTerm[];
  limit: number | null;
  offset: number | null;
  children: ChildNode[];
}

export interface ChildNode extends ReadNode {
  key: string;
  name: string;
  relationship: Relationship;
  inner: boolean;
  spread: boolean;
}

export class AliasGen {
  private n = 0;
  next(prefix = 't'): string {
    return `pgrst_${prefix}${this.n++}`;
  }
}

/** Builds the node tree for a select list, resolving every embed to a relationship. */
export function planSelect(schema: SchemaCache, rel: Relation, items: SelectItem[], aliases: AliasGen): ReadNode {
  const node: ReadNode = {
    rel,
    alias: aliases.next(),
    items,
    filters: [],
    embedNullFilters: [],
    order: [],
    limit: null,
    offset: null,
    children: [],
  };
  for (const item of items) {
    if (item.kind === 'field') checkColumn(rel, item.column);
    if (item.kind !== 'embed') continue;
    const relationship = resolveRelationship(schema, rel, item);
    if (item.spread && relationship.kind !== 'to-one') {
      throw new ApiError(
        400,
        'PGRST119',
        `A spread operation on '${item.name}' is only possible on to-one relationships`,
      );
    }
    const child = planSelect(schema, relationship.target, item.items, aliases);
    node.children.push({
      ...child,
      key: item.alias ?? item.name,
      name: item.name,
      relationship,
      inner: item.join === 'inner',
      spread: item.spread,
    });
  }
  return node;
}

export function checkColumn(rel: Relation, column: string): void {
  if (!rel.columns.has(column)) {
    throw new ApiError(400, '42703', `column ${rel.name}.${column} does not exist`, null, null);
  }
}

/** The node an embed path (`reviews`, `car_models.brands`) addresses: by alias or by name. */
export function findNode(root: ReadNode, path: string[]): ReadNode | null {
  let node: ReadNode = root;
  for (const step of path) {
    const next: ChildNode | undefined =
      node.children.find((c) => c.key === step) ?? node.children.find((c) => c.name === step);
    if (!next) return null;
    node = next;
  }
  return node;
}

// ---- SQL ------------------------------------------------------------------------------------------

function fieldSql(node: ReadNode, f: FieldPath, params: Params): string {
  checkColumn(node.rel, f.column);
  let sql = `${q(node.alias)}.${q(f.column)}`;
  for (const step of f.json) {
    const key = /^-?\d{1,9}$/.test(step.key) ? step.key : params.text(step.key);
    sql = `(${sql}${step.arrow}${key})`;
  }
  return sql;
}

const LIKE_OPS = { like: 'like', ilike: 'ilike' } as const;
const SIMPLE_OPS: Record<string, string> = {
  eq: '=',
  neq: '<>',
  gt: '>',
  gte: '>=',
  lt: '<',
  lte: '<=',
  match: '~',
  imatch: '~*',
  cs: '@>',
  cd: '<@',
  ov: '&&',
  sl: '<<',
  sr: '>>',
  nxl: '&<',
  nxr: '&>',
  adj: '-|-',
};
const FTS_FN = {
  fts: 'to_tsquery',
  plfts: 'plainto_tsquery',
  phfts: 'phraseto_tsquery',
  wfts: 'websearch_to_tsquery',
} as const;
const MAX_IN = 10_000;

function filterSql(node: ReadNode, f: Filter, params: Params): string {
  const col = fieldSql(node, f.field, params);
  const v = f.value;
  const str = (): string => {
    if (typeof v !== 'string') throw badRequest('"failed to parse filter"', 'Unexpected list value');
    return v;
  };
  let sql: string;
  switch (f.op) {
    case 'is': {
      const kw = str().toLowerCase();
      sql = kw === 'not_null' ? `${col} is not null` : `${col} is ${kw}`; // kw is whitelisted by the parser
      break;
    }
    case 'in': {
      const list = v as string[];
      if (list.length > MAX_IN) throw badRequest('"failed to parse filter (in)"', 'Too many values in list');
      sql = list.length === 0 ? 'false' : `${col} in (${list.map((x) => params.add(x)).join(', ')})`;
      break;
    }
    case 'like':
    case 'ilike': {
      const op = LIKE_OPS[f.op];
      if (f.modifier === 'any' || f.modifier === 'all') {
        const list = parseArrayLiteral(str()).map((x) => x.replace(/\*/g, '%'));
        sql = `${col} ${op} ${f.modifier}(${params.add(pgArrayLiteral(list))}::text[])`;
      } else sql = `${col} ${op} ${params.text(str().replace(/\*/g, '%'))}`;
      break;
    }
    case 'isdistinct':
      sql = `${col} is distinct from ${params.add(str())}`;
      break;
    case 'fts':
    case 'plfts':
    case 'phfts':
    case 'wfts': {
      const cfg = f.modifier ? `${params.text(f.modifier)}::regconfig, ` : '';
      const colType = f.field.json.length === 0 ? node.rel.columns.get(f.field.column)?.udt : 'text';
      const doc = colType === 'tsvector' ? col : `to_tsvector(${cfg}${col}::text)`;
      sql = `${doc} @@ ${FTS_FN[f.op]}(${cfg}${params.text(str())})`;
      break;
    }
    default: {
      const op = SIMPLE_OPS[f.op];
      if (f.modifier === 'any' || f.modifier === 'all') {
        parseArrayLiteral(str()); // validates the {a,b} shape; Postgres parses the literal itself
        sql = `${col} ${op} ${f.modifier}(${params.add(str())})`;
      } else sql = `${col} ${op} ${params.add(str())}`;
    }
  }
  return f.negate ? `not (${sql})` : sql;
}

/** ['a','b c'] -> '{"a","b c"}' */
export function pgArrayLiteral(list: string[]): string {
  return `{${list.map((x) => `"${x.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`).join(',')}}`;
}

/** `{a,b,"c,d"}` -> ['a','b','c,d'] (for like(any) and friends). */
function parseArrayLiteral(s: string): string[] {
  if (!s.startsWith('{') || !s.endsWith('}'))
    throw badRequest('"failed to parse filter"', `Expected {a,b} but got "${s}"`);
  const inner = s.slice(1, -1);
  if (inner === '') return [];
  return inner.split(/,(?=(?:[^"]*"[^"]*")*[^"]*$)/).map((x) => x.replace(/^"(.*)"$/s, '$1'));
}

/** A plain `column op value` filter (no JSON path, negation or quantifier). */
function plainFilter(c: Condition | undefined, ops: readonly string[]): Filter | null {
  if (c?.kind !== 'filter' || c.negate || c.modifier !== null || c.field.json.length > 0) return null;
  return ops.includes(c.op) && typeof c.value === 'string' ? c : null;
}

/**
 * A keyset cursor, `or=(a.gt.X,and(a.eq.X,b.gt.Y))` (or with lt), as the row comparison
 * `(a, b) > (X, Y)`. Both are true for exactly the same rows, NULLs included (a row comparison is
 * decided by its first unequal pair, and is NULL when that pair has a NULL), but Postgres can use
 * only the row comparison as a bound on an (a, b) index: the OR is a filter, so each page of a pull
 * walked the index from its start (every page read all the rows before it; bench:scale's page walk
 * grew with the square of the table).
 */
function keysetSql(node: ReadNode, c: Condition, params: Params): string | null {
  if (c.kind !== 'logic' || c.op !== 'or' || c.negate || c.conditions.length !== 2) return null;
  const first = plainFilter(c.conditions[0], ['gt', 'lt']);
  const tie = c.conditions[1];
  if (!first || tie.kind !== 'logic' || tie.op !== 'and' || tie.negate || tie.conditions.length !== 2) return null;
  const same = plainFilter(tie.conditions[0], ['eq']);
  const next = plainFilter(tie.conditions[1], [first.op]);
  if (!same || !next || same.field.column !== first.field.column || same.value !== first.value) return null;
  if (next.field.column === first.field.column) return null;
  const cols = `${fieldSql(node, first.field, params)}, ${fieldSql(node, next.field, params)}`;
  return `((${cols}) ${SIMPLE_OPS[first.op]} (${params.add(first.value)}, ${params.add(next.value)}))`;
}

export function conditionSql(node: ReadNode, c: Condition, params: Params): string {
  if (c.kind === 'filter') return filterSql(node, c, params);
  const keyset = keysetSql(node, c, params);
  if (keyset) return keyset;
  const parts = c.conditions.map((x) => conditionSql(node, x, params));
  const joined = parts.length === 0 ? 'true' : `(${parts.join(c.op === 'and' ? ' and ' : ' or ')})`;
  return c.negate ? `not ${joined}` : joined;
}

function orderSql(node: ReadNode, params: Params): string {
  if (node.order.length === 0) return '';
  const terms = node.order.map((o) => {
    let t = fieldSql(node, o.field, params);
    if (o.dir) t += ` ${o.dir}`;
    if (o.nulls) t += ` nulls ${o.nulls}`;
    return t;
  });
  return ` order by ${terms.join(', ')}`;
}

/** Output keys of a node's select list (for spreads). */
function outputKeys(node: ReadNode): string[] {
  const keys: string[] = [];
  for (const item of node.items) {
    if (item.kind === 'star') keys.push(...node.rel.columns.keys());
    else if (item.kind === 'field') keys.push(item.alias ?? item.json.at(-1)?.key ?? item.column);
  }
  for (const c of node.children) {
    if (c.spread) keys.push(...outputKeys(c));
    else keys.push(c.key);
  }
  return keys;
}

function joinCondition(parentAlias: string, child: ChildNode): string {
  const r = child.relationship;
  const pairs = (a: string, aCols: string[], b: string, bCols: string[]) =>
    aCols.map((col, i) => `${q(a)}.${q(col)} = ${q(b)}.${q(bCols[i])}`).join(' and ');
  if (r.kind === 'to-one') return pairs(child.alias, r.fk.refColumns, parentAlias, r.fk.columns);
  if (r.kind === 'to-many') return pairs(child.alias, r.fk.columns, parentAlias, r.fk.refColumns);
  const j = `${child.alias}_j`;
  return `exists (select 1 from public.${q(r.junction.name)} as ${q(j)} where ${pairs(j, r.toParent.columns, parentAlias, r.toParent.refColumns)} and ${pairs(j, r.toTarget.columns, child.alias, r.toTarget.refColumns)})`;
}

/** A node's SQL: select list, laterals for children, where, order, limit/offset. */
export function nodeSql(
  node: ReadNode,
  params: Params,
  opts: {
    source: string;
    joinCond?: string;
    countOnly?: boolean;
    skipPaging?: boolean;
    noBudget?: boolean;
    budgeted?: boolean;
  },
): string {
  const a = q(node.alias);
  const cols: string[] = [];
  const joins: string[] = [];
  const where: string[] = [];
  if (opts.joinCond) where.push(opts.joinCond);
  // Rows of to-many embeds count against the request's budget as they are read (see 20-rest-limits.sql).
  if (opts.budgeted) where.push(`local_rest.embed_budget(${EMBED_BUDGET_BYTES}, pg_column_size(${a}.*))`);
  const noBudget = opts.noBudget || opts.countOnly;
  for (const item of node.items) {
    if (item.kind === 'star') {
      for (const name of node.rel.columns.keys()) cols.push(`${a}.${q(name)}`);
    } else if (item.kind === 'field') {
      let expr = fieldSql(node, item, params);
      if (item.cast) expr = `(${expr})::${castTypeSql(item.cast)}`;
      cols.push(`${expr} as ${q(item.alias ?? item.json.at(-1)?.key ?? item.column)}`);
    }
  }
  for (const child of node.children) {
    const needed =
      !opts.countOnly || child.inner || node.embedNullFilters.some((f) => f.key === child.key || f.key === child.name);
    if (!needed) continue;
    const e = q(`${child.alias}_e`);
    const toOne = child.relationship.kind === 'to-one';
    const inner = nodeSql(child, params, {
      source: `public.${q(child.rel.name)}`,
      joinCond: joinCondition(node.alias, child),
      noBudget,
      budgeted: !noBudget && !toOne,
    });
    const agg = toOne ? 'row_to_json(_c)' : `coalesce(json_agg(_c), '[]'::json)`;
    joins.push(`left join lateral (select ${agg} as b from (${inner}) as _c) as ${e} on true`);
    if (child.spread) {
      for (const k of outputKeys(child)) cols.push(`${e}.b -> ${params.text(k)} as ${q(k)}`);
    } else cols.push(`${e}.b as ${q(child.key)}`);
    const present = toOne ? `${e}.b is not null` : `json_array_length(${e}.b) > 0`;
    if (child.inner) where.push(present);
    for (const f of node.embedNullFilters) {
      if (f.key === child.key || f.key === child.name) where.push(f.isNull ? `not (${present})` : present);
    }
  }
  for (const c of node.filters) where.push(conditionSql(node, c, params));
  const selectList = opts.countOnly ? '1' : cols.length > 0 ? cols.join(', ') : '';
  let sql = `select ${selectList} from ${opts.source} as ${a}${joins.map((j) => ` ${j}`).join('')}`;
  if (where.length > 0) sql += ` where ${where.join(' and ')}`;
  if (!opts.countOnly) sql += orderSql(node, params);
  if (!opts.skipPaging) {
    // Inline (validated integers, as PostgREST does): a prepared statement's generic plan then knows
    // the row goal, and a parameter here would make it assume 10% of the table.
    if (node.limit !== null) sql += ` limit ${Math.trunc(node.limit)}`;
    if (node.offset !== null) sql += ` offset ${Math.trunc(node.offset)}`;
  }
  return sql;
}

/** Whole read: page rows as JSON text, page size and (optionally) the total. */
export function readSql(
  root: ReadNode,
  params: Params,
  opts: { source: string; withCount: boolean; prelude?: string },
): string {
  const page = nodeSql(root, params, { source: opts.source });
  const count = opts.withCount
    ? `(select count(*) from (${nodeSql(root, params, { source: opts.source, countOnly: true, skipPaging: true })}) as _t)`
    : 'null::bigint';
  const prelude = opts.prelude ? `${opts.prelude}, ` : '';
  return `with ${prelude}pgrst_page as (${page}) select ${count} as total, count(_r) as page_count, coalesce(json_agg(_r), '[]')::text as body from pgrst_page as _r`;
}

export type { EmbedItem };
