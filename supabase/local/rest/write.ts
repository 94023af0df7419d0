// POST (insert / upsert), PATCH and DELETE on a table. Mutations run as a CTE so the
// representation (with embeds) can be read from the affected rows in the same statement.
import { quoteIdent as q } from '../db/sql';
import type { Queryable } from '../types';
import { ApiError, unknownColumn } from './errors';
import { AliasGen, Params, conditionSql, planSelect, type ReadNode } from './plan';
import { parseSelect, splitTopLevel } from './parse';
import { applyQuery, isPlainObject, type Prefer } from './request';
import { runRead } from './read';
import type { Relation, SchemaCache } from './schema-cache';

export interface WriteOutcome {
  status: number;
  body: string | null;
  contentRange: string;
}

interface WriteArgs {
  tx: Queryable;
  schema: SchemaCache;
  rel: Relation;
  query: URLSearchParams;
  prefer: Prefer;
  single: boolean;
  body: unknown;
}

function columnList(rel: Relation, raw: string): string[] {
  return splitTopLevel(raw).map((c) => {
    const name = c.trim().replace(/^"(.*)"$/s, '$1');
    if (!rel.columns.has(name)) throw unknownColumn(name, rel.name);
    return name;
  });
}

/** Runs the mutation CTE, then either counts (minimal) or reads the representation. */
async function finish(
  a: WriteArgs,
  mutation: string,
  params: Params,
  created: { status: number },
): Promise<WriteOutcome> {
  const wantsBody = a.prefer.return === 'representation';
  if (!wantsBody) {
    const r = await a.tx.query<{ n: number }>(
      `with pgrst_source as (${mutation}) select count(*) as n from pgrst_source`,
      params.values,
      { prepare: true },
    );
    const n = Number(r.rows[0].n);
    if (a.single && n !== 1) {
      throw new ApiError(
        406,
        'PGRST116',
        'Cannot coerce the result to a single JSON object',
        `The result contains ${n} rows`,
      );
    }
    return { status: created.status === 201 ? 201 : 204, body: null, contentRange: `*/${a.prefer.count ? n : '*'}` };
  }
  // Representation: select (with embeds) over the returned rows; filters already applied.
  const readQuery = new URLSearchParams();
  for (const [k, v] of a.query) if (k === 'select' || k.endsWith('.order') || k === 'order') readQuery.append(k, v);
  const out = await runRead(a.tx, a.schema, a.rel, readQuery, {
    prefer: { ...a.prefer, count: null },
    single: a.single,
    source: 'pgrst_source',
    prelude: `pgrst_source as (${mutation})`,
    preludeParams: params,
    capRows: false,
  });
  const n = a.single ? 1 : (JSON.parse(out.body) as unknown[]).length;
  return { status: created.status === 201 ? 201 : 200, body: out.body, contentRange: `*/${a.prefer.count ? n : '*'}` };
}

export async function runInsert(a: WriteArgs): Promise<WriteOutcome> {
  const rows = Array.isArray(a.body) ? a.body : [a.body];
  if (!rows.every(isPlainObject)) throw new ApiError(400, 'PGRST102', 'All object keys must match');
  const objects = rows as Record<string, unknown>[];
  const columnsParam = a.query.get('columns');
  const cols = columnsParam ? columnList(a.rel, columnsParam) : [...new Set(objects.flatMap((o) => Object.keys(o)))];
  for (const c of cols) if (!a.rel.columns.has(c)) throw unknownColumn(c, a.rel.name);
  const t = `public.${q(a.rel.name)}`;
  const params = new Params();
  const returning = a.prefer.return === 'representation' ? `${q('pgrst_ins')}.*` : '1';
  let mutation: string;
  if (cols.length === 0) {
    if (objects.length > 1) throw new ApiError(400, 'PGRST102', 'Empty objects cannot be inserted in bulk');
    mutation =
      objects.length === 0
        ? `select 1 where false`
        : `insert into ${t} as ${q('pgrst_ins')} default values returning ${returning}`;
  } else {
    const body = params.add(JSON.stringify(objects));
    const exprs = cols.map((c) => {
      const col = a.rel.columns.get(c)!;
      if (a.prefer.missing !== 'default') return `_r.${q(c)}`;
      const fallback = col.defaultExpr ?? 'null';
      return `case when (_j.v::jsonb) ? ${params.text(c)} then _r.${q(c)} else ${fallback} end`;
    });
    const colList = cols.map(q).join(', ');
    mutation =
      `insert into ${t} as ${q('pgrst_ins')} (${colList}) ` +
      `select ${exprs.join(', ')} from json_array_elements(${body}::text::json) with ordinality as _j(v, i) ` +
      `cross join lateral json_populate_record(null::${t}, _j.v) as _r order by _j.i`;
    if (a.prefer.resolution) {
      const conflictRaw = a.query.get('on_conflict');
      const target = conflictRaw ? columnList(a.rel, conflictRaw) : a.rel.pk;
      if (target.length === 0)
        throw new ApiError(400, 'PGRST100', `on_conflict is required: ${a.rel.name} has no primary key`);
      const updatable = cols.filter((c) => !target.includes(c));
      const action =
        a.prefer.resolution === 'ignore-duplicates' || updatable.length === 0
          ? 'do nothing'
          : `do update set ${updatable.map((c) => `${q(c)} = excluded.${q(c)}`).join(', ')}`;
      mutation += ` on conflict (${target.map(q).join(', ')}) ${action}`;
    }
    mutation += ` returning ${returning}`;
  }
  const out = await finish(a, mutation, params, { status: 201 });
  // An upsert that ignored every row inserted nothing: PostgREST answers 200.
  if (a.prefer.resolution === 'ignore-duplicates' && objects.length > 0) {
    const n = out.body !== null ? (a.single ? 1 : (JSON.parse(out.body) as unknown[]).length) : null;
    if (n === 0) return { ...out, status: 200 };
  }
  return out;
}

/** Root filters of a PATCH/DELETE, rendered against the mutation's table alias. */
function mutationWhere(a: WriteArgs, params: Params): string {
  const root: ReadNode = planSelect(a.schema, a.rel, parseSelect('*'), new AliasGen());
  root.alias = 'pgrst_m';
  const filterOnly = new URLSearchParams();
  for (const [k, v] of a.query)
    if (k !== 'select' && k !== 'columns' && k !== 'order' && k !== 'limit' && k !== 'offset') filterOnly.append(k, v);
  applyQuery(root, filterOnly);
  if (root.embedNullFilters.length > 0) throw new ApiError(400, 'PGRST100', 'Embedded filters are not allowed here');
  const conds = root.filters.map((c) => conditionSql(root, c, params));
  return conds.length > 0 ? ` where ${conds.join(' and ')}` : '';
}

export async function runUpdate(a: WriteArgs): Promise<WriteOutcome> {
  if (!isPlainObject(a.body)) throw new ApiError(400, 'PGRST102', 'Empty or invalid json');
  const body = a.body;
  const cols = Object.keys(body);
  for (const c of cols) if (!a.rel.columns.has(c)) throw unknownColumn(c, a.rel.name);
  const params = new Params();
  const t = `public.${q(a.rel.name)}`;
  if (cols.length === 0) {
    const rep = a.prefer.return === 'representation';
    return { status: rep ? 200 : 204, body: rep ? '[]' : null, contentRange: '*/*' };
  }
  const b = params.add(JSON.stringify(body));
  const where = mutationWhere(a, params);
  const returning = a.prefer.return === 'representation' ? `${q('pgrst_m')}.*` : '1';
  const mutation =
    `update ${t} as ${q('pgrst_m')} set ${cols.map((c) => `${q(c)} = _b.${q(c)}`).join(', ')} ` +
    `from (select * from json_populate_record(null::${t}, ${b}::text::json)) as _b${where} returning ${returning}`;
  return finish(a, mutation, params, { status: 200 });
}

export async function runDelete(a: WriteArgs): Promise<WriteOutcome> {
  const params = new Params();
  const where = mutationWhere(a, params);
  const returning = a.prefer.return === 'representation' ? `${q('pgrst_m')}.*` : '1';
  const mutation = `delete from public.${q(a.rel.name)} as ${q('pgrst_m')}${where} returning ${returning}`;
  return finish(a, mutation, params, { status: 200 });
}
