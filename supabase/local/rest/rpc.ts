// POST/GET/HEAD /rpc/<fn>: arguments by name (typed through json_to_record, as PostgREST does),
// overloads resolved by argument names; set-returning composite results filter/order/page like tables.
import { quoteIdent as q } from '../db/sql';
import type { Queryable } from '../types';
import { ApiError } from './errors';
import { Params } from './plan';
import type { Prefer } from './request';
import { runRead } from './read';
import type { Fn, SchemaCache } from './schema-cache';
import { singleObject } from './response';

export interface RpcOutcome {
  status: number;
  body: string | null;
  contentRange: string;
}

function notFound(name: string, keys: string[]): ApiError {
  return new ApiError(
    404,
    'PGRST202',
    `Could not find the function public.${name}(${keys.join(', ')}) in the schema cache`,
    `Searched for the function public.${name} with parameters ${keys.join(', ') || 'none'} or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.`,
  );
}

const isJsonType = (t: string) => t === 'json' || t === 'jsonb';

/** Picks the overload whose named inputs cover the given keys and whose required inputs are given. */
export function resolveFunction(schema: SchemaCache, name: string, keys: string[]): { fn: Fn; singleJson: boolean } {
  const candidates = schema.functions.get(name) ?? [];
  const matches = candidates.filter((f) => {
    const names = new Set(f.args.map((x) => x.name));
    return keys.every((k) => names.has(k)) && f.args.every((x) => x.hasDefault || keys.includes(x.name));
  });
  if (matches.length === 1) return { fn: matches[0], singleJson: false };
  if (matches.length > 1) {
    const exact = matches.filter((f) => f.args.length === keys.length);
    if (exact.length === 1) return { fn: exact[0], singleJson: false };
    throw new ApiError(
      300,
      'PGRST203',
      `Could not choose the best candidate function between overloads of public.${name}`,
    );
  }
  const single = candidates.find((f) => f.args.length === 1 && f.args[0].name === '' && isJsonType(f.args[0].type));
  if (single) return { fn: single, singleJson: true };
  throw notFound(name, keys);
}

export async function runRpc(opts: {
  tx: Queryable;
  schema: SchemaCache;
  name: string;
  args: Record<string, unknown>;
  query: URLSearchParams;
  argKeysInQuery: Set<string>;
  prefer: Prefer;
  single: boolean;
}): Promise<RpcOutcome> {
  const { tx, schema, name, args, query, prefer } = opts;
  const keys = Object.keys(args);
  const { fn, singleJson } = resolveFunction(schema, name, keys);
  const params = new Params();
  let prelude = '';
  let call: string;
  if (singleJson) {
    call = `public.${q(fn.name)}(${params.add(JSON.stringify(args))}::text::${fn.args[0].type})`;
  } else if (keys.length === 0) {
    call = `public.${q(fn.name)}()`;
  } else {
    const given = fn.args.filter((x) => keys.includes(x.name));
    const defs = given.map((x) => `${q(x.name)} ${x.type}`).join(', ');
    prelude = `pgrst_args as (select * from json_to_record(${params.add(JSON.stringify(args))}::text::json) as _a(${defs}))`;
    call = `public.${q(fn.name)}(${given.map((x) => `${q(x.name)} => (select ${q(x.name)} from pgrst_args)`).join(', ')})`;
  }
  const withPrelude = (sql: string) => (prelude ? `with ${prelude} ${sql}` : sql);

  switch (fn.returnKind) {
    case 'void':
      await tx.query(withPrelude(`select ${call}`), params.values, { prepare: true });
      return { status: 204, body: null, contentRange: '*/*' };
    case 'scalar': {
      const r = await tx.query<{ body: string | null }>(
        withPrelude(`select to_json(${call})::text as body`),
        params.values,
        { prepare: true },
      );
      return { status: 200, body: r.rows[0]?.body ?? 'null', contentRange: '0-0/*' };
    }
    case 'setof-scalar': {
      const r = await tx.query<{ body: string; n: number }>(
        withPrelude(`select coalesce(json_agg(_f.v), '[]')::text as body, count(*) as n from ${call} as _f(v)`),
        params.values,
        { prepare: true },
      );
      const n = Number(r.rows[0].n);
      return {
        status: 200,
        body: opts.single ? singleObject(r.rows[0].body, n) : r.rows[0].body,
        contentRange: n > 0 ? `0-${n - 1}/*` : '*/*',
      };
    }
    default: {
      const readQuery = new URLSearchParams();
      for (const [k, v] of query) if (!opts.argKeysInQuery.has(k)) readQuery.append(k, v);
      const composite = fn.returnKind === 'composite';
      const out = await runRead(tx, schema, fn.output!, readQuery, {
        prefer,
        single: opts.single,
        source: call,
        prelude: prelude || undefined,
        preludeParams: params,
        capRows: !composite,
      });
      if (composite && !opts.single) {
        const rows = JSON.parse(out.body) as unknown[];
        return { status: 200, body: JSON.stringify(rows[0] ?? null), contentRange: out.contentRange };
      }
      return { ...out, contentRange: out.contentRange };
    }
  }
}
