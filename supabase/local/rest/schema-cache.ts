// Introspection of schema public (tables, views, columns, keys, functions), cached per stack and
// reloaded after migrations. Every identifier in a request is checked against it.
import type { Queryable } from '../types';

export interface Column {
  name: string;
  type: string;
  udt: string;
  category: string;
  notNull: boolean;
  defaultExpr: string | null;
  generated: boolean;
}

export interface Relation {
  name: string;
  kind: 'table' | 'view' | 'function';
  columns: Map<string, Column>;
  pk: string[];
}

export interface ForeignKey {
  name: string;
  table: string;
  columns: string[];
  refTable: string;
  refColumns: string[];
}

export interface FnArg {
  name: string;
  type: string;
  hasDefault: boolean;
}

export type ReturnKind = 'void' | 'scalar' | 'setof-scalar' | 'composite' | 'setof-composite';

export interface Fn {
  name: string;
  args: FnArg[];
  returnKind: ReturnKind;
  /** Output columns for composite / table results. */
  output: Relation | null;
  volatility: 'i' | 's' | 'v';
}

export interface SchemaCache {
  relations: Map<string, Relation>;
  foreignKeys: ForeignKey[];
  functions: Map<string, Fn[]>;
}

const COLUMNS_SQL = `
select c.relname as table_name, c.relkind::text as kind, a.attname::text as name,
  format_type(a.atttypid, a.atttypmod) as type, t.typname::text as udt, t.typcategory::text as category,
  a.attnotnull as not_null, pg_get_expr(d.adbin, d.adrelid) as default_expr, a.attgenerated::text <> '' as generated
from pg_class c
join pg_namespace n on n.oid = c.relnamespace
join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
join pg_type t on t.oid = a.atttypid
left join pg_attrdef d on d.adrelid = c.oid and d.adnum = a.attnum
where n.nspname = 'public' and c.relkind in ('r', 'v', 'm', 'p', 'f')
order by c.relname, a.attnum`;

const CONSTRAINTS_SQL = `
select con.conname::text as name, con.contype::text as type, c.relname::text as table_name,
  rc.relname::text as ref_table, rn.nspname::text as ref_schema,
  (select json_agg(a.attname::text order by k.ord) from unnest(con.conkey) with ordinality k(num, ord)
     join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.num) as cols,
  (select json_agg(a.attname::text order by k.ord) from unnest(con.confkey) with ordinality k(num, ord)
     join pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.num) as ref_cols
from pg_constraint con
join pg_class c on c.oid = con.conrelid
join pg_namespace n on n.oid = c.relnamespace
left join pg_class rc on rc.oid = con.confrelid
left join pg_namespace rn on rn.oid = rc.relnamespace
where n.nspname = 'public' and con.contype in ('p', 'f')
order by con.conname`;

const FUNCTIONS_SQL = `
select p.proname::text as name, p.proretset as returns_set, p.provolatile::text as volatility,
  format_type(p.prorettype, null) as return_type, rt.typtype::text as return_typtype,
  coalesce(rc.relname::text, '') as return_rel, p.pronargs as nargs, p.pronargdefaults as ndefaults,
  to_json(coalesce(p.proargnames, '{}')::text[]) as arg_names,
  to_json(coalesce(p.proargmodes::text[], '{}')) as arg_modes,
  (select json_agg(format_type(x, null) order by o)
     from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[])) with ordinality u(x, o)) as arg_types
from pg_proc p
join pg_namespace n on n.oid = p.pronamespace
join pg_type rt on rt.oid = p.prorettype
left join pg_class rc on rc.oid = rt.typrelid and rt.typtype = 'c'
where n.nspname = 'public' and p.prokind = 'f'
  and format_type(p.prorettype, null) not in ('trigger', 'event_trigger', 'internal')`;

interface ColumnRow {
  table_name: string;
  kind: string;
  name: string;
  type: string;
  udt: string;
  category: string;
  not_null: boolean;
  default_expr: string | null;
  generated: boolean;
}
interface ConstraintRow {
  name: string;
  type: string;
  table_name: string;
  ref_table: string | null;
  ref_schema: string | null;
  cols: string[] | null;
  ref_cols: string[] | null;
}
interface FunctionRow {
  name: string;
  returns_set: boolean;
  volatility: 'i' | 's' | 'v';
  return_type: string;
  return_typtype: string;
  return_rel: string;
  nargs: number;
  ndefaults: number;
  arg_names: string[];
  arg_modes: string[];
  arg_types: string[] | null;
}

function buildFunction(r: FunctionRow, relations: Map<string, Relation>): Fn {
  const types = r.arg_types ?? [];
  const modes = r.arg_modes.length > 0 ? r.arg_modes : types.map(() => 'i');
  const inputs: FnArg[] = [];
  const outputs: Column[] = [];
  types.forEach((type, i) => {
    const mode = modes[i] ?? 'i';
    const name = r.arg_names[i] ?? '';
    if (mode === 'i' || mode === 'b' || mode === 'v') inputs.push({ name, type, hasDefault: false });
    if (mode === 'o' || mode === 'b' || mode === 't') {
      outputs.push({ name, type, udt: type, category: '', notNull: false, defaultExpr: null, generated: false });
    }
  });
  for (let i = inputs.length - r.ndefaults; i < inputs.length; i++) if (i >= 0) inputs[i].hasDefault = true;

  let returnKind: ReturnKind;
  let output: Relation | null = null;
  if (r.return_type === 'void') returnKind = 'void';
  else if (r.return_rel && relations.has(r.return_rel)) {
    returnKind = r.returns_set ? 'setof-composite' : 'composite';
    output = { ...relations.get(r.return_rel)!, kind: 'function' };
  } else if (r.return_type === 'record' && outputs.length > 0) {
    returnKind = r.returns_set ? 'setof-composite' : 'composite';
    output = { name: r.name, kind: 'function', columns: new Map(outputs.map((c) => [c.name, c])), pk: [] };
  } else returnKind = r.returns_set ? 'setof-scalar' : 'scalar';
  return { name: r.name, args: inputs, returnKind, output, volatility: r.volatility };
}

export async function loadSchemaCache(db: Queryable): Promise<SchemaCache> {
  const [cols, cons, fns] = [
    await db.query<ColumnRow>(COLUMNS_SQL),
    await db.query<ConstraintRow>(CONSTRAINTS_SQL),
    await db.query<FunctionRow>(FUNCTIONS_SQL),
  ];
  const relations = new Map<string, Relation>();
  for (const r of cols.rows) {
    let rel = relations.get(r.table_name);
    if (!rel) {
      rel = {
        name: r.table_name,
        kind: r.kind === 'v' || r.kind === 'm' ? 'view' : 'table',
        columns: new Map(),
        pk: [],
      };
      relations.set(r.table_name, rel);
    }
    rel.columns.set(r.name, {
      name: r.name,
      type: r.type,
      udt: r.udt,
      category: r.category,
      notNull: r.not_null,
      defaultExpr: r.default_expr,
      generated: r.generated,
    });
  }
  const foreignKeys: ForeignKey[] = [];
  for (const c of cons.rows) {
    if (c.type === 'p') {
      const rel = relations.get(c.table_name);
      if (rel) rel.pk = c.cols ?? [];
    } else if (c.ref_schema === 'public' && c.ref_table && relations.has(c.ref_table)) {
      foreignKeys.push({
        name: c.name,
        table: c.table_name,
        columns: c.cols ?? [],
        refTable: c.ref_table,
        refColumns: c.ref_cols ?? [],
      });
    }
  }
  const functions = new Map<string, Fn[]>();
  for (const f of fns.rows) {
    const list = functions.get(f.name) ?? [];
    list.push(buildFunction(f, relations));
    functions.set(f.name, list);
  }
  return { relations, foreignKeys, functions };
}
