// Test harness for the Data API's SQL generation, without a database: the real router, parser and
// planner run over a hand-made schema cache, a recording transaction keeps every statement, and
// auditSql checks that request text reaches those statements only as quoted identifiers.
import type { Hono } from 'hono';
import type { Db, JwtClaims, QueryResult, Queryable, StackContext } from '../types';
import { restRoutes, type SchemaHolder } from './index';
import type { Column, ForeignKey, Fn, Relation, SchemaCache } from './schema-cache';

export interface Statement {
  sql: string;
  params: unknown[];
}

const column = (name: string, udt: string): Column => ({
  name,
  type: udt,
  udt,
  category: '',
  notNull: false,
  defaultExpr: null,
  generated: false,
});

/** Every table shares these columns (so generated selects resolve), plus `extra` (a hostile name). */
function relation(name: string, extra: string, more: [string, string][] = []): Relation {
  const cols: [string, string][] = [
    ['id', 'uuid'],
    ['title', 'text'],
    ['price', 'int4'],
    ['data', 'jsonb'],
    ['tags', '_text'],
    ['search', 'tsvector'],
    [extra, 'text'],
    ...more,
  ];
  return { name, kind: 'table', columns: new Map(cols.map(([n, t]) => [n, column(n, t)])), pk: ['id'] };
}

const fk = (name: string, table: string, col: string, refTable: string): ForeignKey => ({
  name,
  table,
  columns: [col],
  refTable,
  refColumns: ['id'],
});

/**
 * vehicle_listings -> car_models -> brands (to-one), listings <- `hostile` (to-many, FK named
 * `hostile`), listings <-> features through listing_features (many-to-many); functions
 * search_listings (setof listings), `hostile`(`hostile` text) (scalar) and listing_words (setof text).
 * `hostile` names a table, a column of every table, an FK, a function and an argument.
 */
export function hostileSchema(hostile: string): SchemaCache {
  const h = hostile.split('\u0000').join('') || 'empty';
  const relations = new Map<string, Relation>();
  const add = (r: Relation) => relations.set(r.name, r);
  add(relation('vehicle_listings', h, [['car_model_id', 'uuid']]));
  add(relation('car_models', h, [['brand_id', 'uuid']]));
  add(relation('brands', h));
  add(relation('features', h));
  add(
    relation('listing_features', h, [
      ['listing_id', 'uuid'],
      ['feature_id', 'uuid'],
    ]),
  );
  if (!relations.has(h)) add(relation(h, h, [['listing_id', 'uuid']]));
  const foreignKeys = [
    fk('vehicle_listings_car_model_id_fkey', 'vehicle_listings', 'car_model_id', 'car_models'),
    fk('car_models_brand_id_fkey', 'car_models', 'brand_id', 'brands'),
    fk('listing_features_listing_id_fkey', 'listing_features', 'listing_id', 'vehicle_listings'),
    fk('listing_features_feature_id_fkey', 'listing_features', 'feature_id', 'features'),
  ];
  if (relations.get(h)!.columns.has('listing_id')) foreignKeys.push(fk(h, h, 'listing_id', 'vehicle_listings'));
  const listings = relations.get('vehicle_listings')!;
  const fns: Fn[] = [
    {
      name: 'search_listings',
      args: [
        { name: 'q', type: 'text', hasDefault: false },
        { name: 'max_price', type: 'integer', hasDefault: true },
      ],
      returnKind: 'setof-composite',
      output: { ...listings, kind: 'function' },
      volatility: 's',
    },
    {
      name: h,
      args: [{ name: h, type: 'text', hasDefault: false }],
      returnKind: 'scalar',
      output: null,
      volatility: 'v',
    },
    { name: 'listing_words', args: [], returnKind: 'setof-scalar', output: null, volatility: 'i' },
  ];
  const functions = new Map<string, Fn[]>();
  for (const f of fns) functions.set(f.name, [...(functions.get(f.name) ?? []), f]);
  return { relations, foreignKeys, functions };
}

/** The Data API's router over `schema`, as the anon role; every statement it runs is recorded. */
export function recordingApi(schema: SchemaCache): { app: Hono; statements: Statement[] } {
  const statements: Statement[] = [];
  // One row that fits every statement the Data API reads back (page, count, rpc result).
  const row = { total: null, page_count: 0, body: '[]', n: 0 };
  const tx: Queryable = {
    query: <Row>(sql: string, params: unknown[] = []) => {
      statements.push({ sql, params });
      return Promise.resolve({ rows: [row as Row], affectedRows: 0, fields: [] } satisfies QueryResult<Row>);
    },
    exec: (sql: string) => {
      statements.push({ sql, params: [] });
      return Promise.resolve();
    },
  };
  const db = { ...tx, kind: 'pglite', transaction: <T>(fn: (t: Queryable) => Promise<T>) => fn(tx) } as unknown as Db;
  const ctx = {
    db,
    config: { maxBodyBytes: 1 << 20, statementTimeoutMs: 8000 },
    verifyJwt: (): Promise<JwtClaims> => Promise.resolve({ role: 'anon' }),
  } as unknown as StackContext;
  const holder: SchemaHolder = { get: () => Promise.resolve(schema), refresh: () => Promise.resolve(schema) };
  return { app: restRoutes(ctx, holder), statements };
}

/** Every bare word the Data API's SQL may hold (anything else came from a request). */
const VOCABULARY = new Set(
  `select from as where and or not is null true false unknown distinct in like ilike any all order by asc desc
  nulls first last limit offset with count coalesce json_agg text json jsonb regconfig to_tsvector to_tsquery
  plainto_tsquery phraseto_tsquery websearch_to_tsquery left join lateral on exists public local_rest
  embed_budget pg_column_size row_to_json json_array_length pgrst_page total page_count body bigint b _c _r _t
  _j _a _b _f v i n insert into default values update set delete returning conflict do nothing excluded
  json_array_elements ordinality cross json_populate_record json_to_record case when then else end to_json
  set_config current_setting integer smallint real double precision numeric boolean character varying bit
  timestamp without time zone interval pgrst_source pgrst_args`.split(/\s+/),
);
/** String literals the Data API's SQL may hold. */
const LITERALS = new Set([
  '[]',
  'role',
  'request.jwt.claims',
  'request.method',
  'request.path',
  'request.headers',
  'search_path',
  'public, extensions',
  'transaction_read_only',
  'statement_timeout',
  'local_rest.embed_used',
  '0',
]);

/**
 * The names a hostile string may stand for once quoted: itself, or as a cast folds and splits it, or a JSON path
 * splits it at its arrows (`price->>a->zqpwn` is two keys, bound as parameters, and the column's default name
 * is the last one, "zqpwn", as PostgREST names it).
 */
function namesOf(hostile: string): Set<string> {
  const h = hostile.split('\u0000').join('');
  const folded = h.trim().toLowerCase();
  const keys = h.split(/->>?/);
  return new Set([h, h.trim(), folded, ...folded.split('.'), ...keys, ...keys.map((k) => k.trim())]);
}

/**
 * Problems with one statement: text outside quoted identifiers that no planner wrote (an unknown
 * word, literal, comment, statement separator or dollar quote) or that holds the canary, and quoted
 * identifiers holding the canary that are not the whole hostile name (a quote broke out).
 */
export function auditSql(sql: string, canary: string, hostile = canary): string[] {
  const problems: string[] = [];
  const names = namesOf(hostile);
  let bare = '';
  for (let i = 0; i < sql.length; i++) {
    const ch = sql[i];
    if (ch !== '"' && ch !== "'") {
      bare += ch;
      continue;
    }
    let j = i + 1;
    let content = '';
    for (; j < sql.length; j++) {
      if (sql[j] !== ch) content += sql[j];
      else if (sql[j + 1] === ch) content += sql[++j];
      else break;
    }
    if (j >= sql.length) problems.push(`unterminated ${ch} at ${i}`);
    if (ch === "'" && !LITERALS.has(content)) problems.push(`unexpected literal '${content}'`);
    if (ch === '"' && content.toLowerCase().includes(canary.toLowerCase()) && !names.has(content)) {
      problems.push(`identifier "${content}" is not the hostile name`);
    }
    bare += ' ';
    i = j;
  }
  const lower = bare.toLowerCase();
  if (lower.includes(canary.toLowerCase())) problems.push(`canary outside quotes: ${bare.slice(0, 300)}`);
  for (const bad of [';', '--', '/*', '*/', '\\', '`'])
    if (bare.includes(bad)) problems.push(`"${bad}" outside quotes`);
  for (const m of bare.matchAll(/\$(?!\d)/g)) problems.push(`"$" (dollar quote?) at ${m.index}`);
  for (const [word] of lower.matchAll(/[a-z_\u0080-\uffff][a-z0-9_$\u0080-\uffff]*/g)) {
    if (!VOCABULARY.has(word)) problems.push(`unknown word "${word}" outside quotes`);
  }
  return problems;
}
