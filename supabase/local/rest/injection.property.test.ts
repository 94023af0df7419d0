// Issue 31 hole 1: request text never reaches the Data API's SQL unquoted. Over the whole query
// grammar (select with aliases, casts, JSON paths, embeds with hints, spreads and aggregates;
// filters with every operator, not., or/and trees; order; limit/offset; columns/on_conflict;
// Prefer; RPC names and arguments), a hostile string holding a canary fills the slots, and is also
// the name of a table, column, FK, function and argument in the schema cache, so the planner
// accepts it wherever a name may stand. Every statement the real router + planner produce must keep
// it inside double-quoted identifiers (or in parameters); anything else is refused with a 4xx.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { auditSql, hostileSchema, recordingApi, type Statement } from './injection-harness';
import { OPERATORS } from './parse';

const CANARY = 'zqpwn';
/** The injection issue 31 reported (it answered 200 with car_models ids). */
const REPORTED = 'id::text as x from car_models as pgrst_t0 union all select null';

const PAYLOADS = [
  REPORTED,
  "'; drop table brands; --",
  '"; drop table brands; --',
  '") or ("1"="1',
  '*/ select pg_sleep(5) /*',
  '$$ select 1 $$',
  '$1',
  'text as x from car_models union all select null',
  'text) union (select 1',
  'int; select 1',
  'a"b',
  "a'b",
  '\\',
  '\\"',
  '[]',
  '{}',
  '(1,2)',
  ',',
  '.',
  ':',
  '::',
  '->',
  '->>',
  '!',
  '!inner',
  '...',
  '*',
  '--',
  '/*',
  ';',
  '\u0000',
  '\t',
  '\n',
  'é🚗',
];
const WORDS = [
  'text',
  'int',
  'union',
  'all',
  'select',
  'null',
  'from',
  'as',
  'car_models',
  'or',
  '1',
  'drop',
  'pgrst_t0',
];

/** A hostile string: payloads, SQL words (letters and spaces: what the old cast allowed) and the canary. */
const hostileArb = fc
  .tuple(
    fc.array(fc.oneof(fc.constantFrom(...PAYLOADS), fc.constantFrom(...WORDS), fc.string({ maxLength: 6 })), {
      maxLength: 4,
    }),
    fc.nat(),
    fc.constantFrom('', ' '),
    fc.boolean(),
  )
  .map(([pieces, at, sep, upper]) => {
    const parts = [...pieces];
    parts.splice(at % (parts.length + 1), 0, upper ? CANARY.toUpperCase() : CANARY);
    return parts.join(sep);
  });

/** PostgREST's quoted form: "..." with backslash escapes. */
const quoted = (s: string) => `"${s.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;

interface Req {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  path: string;
  query: [string, string][];
  headers?: Record<string, string>;
  body?: string;
}

/** `arb` about one time in `odds + 1`, else undefined. */
const rarely = <T>(arb: fc.Arbitrary<T>, odds = 3) =>
  fc.oneof({ weight: odds, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: arb });

/** The grammar, with `h` (raw or quoted) a rare candidate in every slot. */
function grammar(h: string) {
  const slot = (...legit: string[]) =>
    fc.oneof({ weight: 14, arbitrary: fc.constantFrom(...legit) }, fc.constant(h), fc.constant(quoted(h)));
  const col = slot('id', 'title', 'price', 'data', 'tags', 'search');
  const key = slot('make', 'model', '0', '-1');
  const path = fc
    .tuple(col, rarely(fc.array(fc.tuple(fc.constantFrom('->', '->>'), key), { minLength: 1, maxLength: 2 })))
    .map(([c, steps]) => c + (steps ?? []).map(([a, k]) => a + k).join(''));
  const type = slot(
    'text',
    'int',
    'integer',
    'numeric',
    'double precision',
    'text[]',
    'TEXT',
    'public.citext',
    'jsonb',
  );
  const alias = rarely(slot('a', 'my_alias', 'total')).map((a) => (a ? `${a}:` : ''));
  const agg = rarely(fc.constantFrom('count', 'sum', 'avg', 'max', 'min', h), 8);
  const cast = rarely(type, 2).map((t) => (t ? `::${t}` : ''));
  const field = fc
    .tuple(alias, path, agg, cast)
    .map(([a, p, g, c]) => (g === undefined ? `${a}${p}${c}` : `${a}${p}.${g}()${c}`));
  const embedName = slot('car_models', 'brands', 'features', 'listing_features', 'count');
  const hint = rarely(slot('inner', 'left', 'car_model_id', 'vehicle_listings_car_model_id_fkey'));
  const { select } = fc.letrec<{ select: string; item: string; embed: string }>((tie) => ({
    select: fc.array(tie('item'), { minLength: 1, maxLength: 4 }).map((xs) => xs.join(',')),
    item: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      { weight: 6, arbitrary: field },
      { weight: 1, arbitrary: fc.constant('*') },
      { weight: 2, arbitrary: tie('embed') },
    ),
    embed: fc
      .tuple(rarely(fc.constant('...')), alias, embedName, hint, hint, tie('select'))
      .map(([spread, a, n, h1, h2, inner]) =>
        spread
          ? `...${n}${h1 ? `!${h1}` : ''}(${inner})`
          : `${a}${n}${h1 ? `!${h1}` : ''}${h2 ? `!${h2}` : ''}(${inner})`,
      ),
  }));
  const op = slot(...OPERATORS);
  const modifier = rarely(slot('any', 'all', 'english', 'simple'));
  const value = slot('1', 'abc', 'null', 'true', '(1,2)', `(a,${quoted(h)})`, '{a,b}', '[1,5)', 'x y', '*');
  const operation = fc
    .tuple(rarely(fc.constant(true)), op, modifier, value)
    .map(([neg, o, m, v]) => `${neg ? 'not.' : ''}${o}${m ? `(${m})` : ''}.${v}`);
  const { tree } = fc.letrec<{ tree: string; cond: string }>((tie) => ({
    tree: fc
      .tuple(fc.boolean(), fc.constantFrom('and', 'or'), fc.array(tie('cond'), { minLength: 1, maxLength: 3 }))
      .map(([neg, o, cs]) => `${neg ? 'not.' : ''}${o}(${cs.join(',')})`),
    cond: fc.oneof(
      { depthSize: 'small' },
      fc.tuple(path, operation).map(([p, o]) => `${p}.${o}`),
      tie('tree'),
    ),
  }));
  const embedPath = rarely(slot('car_models', 'car_models.brands', 'features'), 6);
  const prefix = (p: string | undefined) => (p ? `${p}.` : '');
  const filter = fc.tuple(embedPath, path, operation).map(([e, p, o]): [string, string] => [prefix(e) + p, o]);
  const logic = fc.tuple(embedPath, tree).map(([e, t]): [string, string] => {
    const m = /^(not\.)?(and|or)(\(.*\))$/s.exec(t)!;
    return [`${prefix(e)}${m[1] ?? ''}${m[2]}`, m[3]];
  });
  const orderTerm = fc
    .tuple(path, rarely(slot('asc', 'desc'), 1), rarely(slot('nullsfirst', 'nullslast'), 1))
    .map(([p, d, n]) => p + (d ? `.${d}` : '') + (n ? `.${n}` : ''));
  const order = fc
    .tuple(embedPath, fc.array(orderTerm, { minLength: 1, maxLength: 3 }))
    .map(([e, ts]): [string, string] => [`${prefix(e)}order`, ts.join(',')]);
  const paging = fc
    .tuple(embedPath, fc.constantFrom('limit', 'offset'), slot('0', '10', '-1', '1e3'))
    .map(([e, k, v]): [string, string] => [prefix(e) + k, v]);
  const params = fc.array(fc.oneof(filter, logic, order, paging), { maxLength: 5 });
  const table = slot('vehicle_listings', 'car_models', 'brands');
  const headerSafe = h.replace(/[^\x20-\x7e]/g, '?'); // a header value is printable ASCII
  const prefer = fc
    .subarray(['return=representation', 'resolution=merge-duplicates', 'missing=default', 'count=exact', headerSafe])
    .map((ps) => ps.join(','));
  const names = fc.array(slot('id', 'title', 'price', 'data', 'tags'), { minLength: 1, maxLength: 3 });
  const body = fc.dictionary(slot('title', 'price', 'data'), fc.oneof(fc.string(), fc.constant(h)), { maxKeys: 3 });
  const read = fc
    .tuple(table, select, params, prefer)
    .map(([t, s, ps, p]): Req => ({ method: 'GET', path: t, query: [['select', s], ...ps], headers: { prefer: p } }));
  const write = fc
    .tuple(fc.constantFrom('POST', 'PATCH', 'DELETE') as fc.Arbitrary<Req['method']>, table, select, params)
    .chain(([method, t, s, ps]) =>
      fc.tuple(prefer, names, names, body).map(([p, cols, conflict, b]): Req => {
        const query: [string, string][] = [['select', s], ...ps];
        if (method === 'POST') query.push(['columns', cols.join(',')], ['on_conflict', conflict.join(',')]);
        return { method, path: t, query, headers: { prefer: p }, body: JSON.stringify(b) };
      }),
    );
  const fn = slot('search_listings', 'listing_words');
  const rpc = fc
    .tuple(fn, fc.boolean(), fc.dictionary(slot('q', 'max_price'), fc.oneof(fc.string(), fc.constant(h))), params)
    .map(([f, get, args, ps]): Req => {
      const query = get ? [...Object.entries(args), ...ps] : ps;
      return { method: get ? 'GET' : 'POST', path: `rpc/${f}`, query, body: get ? undefined : JSON.stringify(args) };
    });
  return { read, write, rpc };
}

async function send(app: ReturnType<typeof recordingApi>['app'], r: Req): Promise<Response> {
  const qs = r.query.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&');
  const url = `http://local/${r.path.split('/').map(encodeURIComponent).join('/')}?${qs}`;
  const headers = { apikey: 'anon', 'content-type': 'application/json', ...r.headers };
  return app.request(url, { method: r.method, headers, body: r.body });
}

interface Tally {
  runs: number;
  reachedSql: number;
  hostileQuoted: number;
}

/** Sends the request; fails on a 5xx or on any statement that carries request text unquoted. */
async function check(h: string, r: Req, tally: Tally): Promise<void> {
  const { app, statements } = recordingApi(hostileSchema(h));
  const res = await send(app, r);
  const text = await res.text();
  expect(res.status, text).toBeLessThan(500);
  if (res.status >= 400)
    expect(Object.keys(JSON.parse(text) as object).sort()).toEqual(['code', 'details', 'hint', 'message']);
  const planned = statements.filter((s: Statement) => !s.sql.includes('set_config('));
  tally.runs++;
  if (planned.length > 0) tally.reachedSql++;
  if (planned.some((s) => s.sql.toLowerCase().includes(CANARY))) tally.hostileQuoted++;
  for (const s of statements)
    expect(auditSql(s.sql, CANARY, h), `${r.method} ${r.path} ${JSON.stringify(r.query)}\n${s.sql}`).toEqual([]);
}

async function runProperty(
  pick: (g: ReturnType<typeof grammar>) => fc.Arbitrary<Req>,
  numRuns: number,
): Promise<Tally> {
  const tally: Tally = { runs: 0, reachedSql: 0, hostileQuoted: 0 };
  const arb = hostileArb.chain((h) => pick(grammar(h)).map((r) => ({ h, r })));
  await fc.assert(
    fc.asyncProperty(arb, ({ h, r }) => check(h, r, tally)),
    { numRuns },
  );
  return tally;
}

describe('issue 31 hole 1: no request text reaches the Data API SQL unquoted (property)', () => {
  it('refuses the reported cast injection with PGRST100 and runs no statement', async () => {
    const { app, statements } = recordingApi(hostileSchema('x'));
    const res = await send(app, {
      method: 'GET',
      path: 'vehicle_listings',
      query: [
        ['select', REPORTED],
        ['limit', '2'],
      ],
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { code: string }).code).toBe('PGRST100');
    for (const s of statements) expect(auditSql(s.sql, CANARY)).toEqual([]);
  });

  it('reads: select (aliases, casts, JSON paths, embeds, hints, spreads, aggregates), filters, order, paging', async () => {
    const t = await runProperty((g) => g.read, 1000);
    // Not vacuous: many requests were planned (about 12%: most carry a hostile slot and are refused),
    // and some carried the hostile name into SQL (quoted).
    expect(t.reachedSql).toBeGreaterThan(t.runs * 0.05);
    expect(t.hostileQuoted).toBeGreaterThan(10);
  });

  it('writes: insert with columns/on_conflict/Prefer, update and delete with filters', async () => {
    const t = await runProperty((g) => g.write, 500);
    expect(t.reachedSql).toBeGreaterThan(t.runs * 0.1);
    expect(t.hostileQuoted).toBeGreaterThan(5);
  });

  it('rpc: function and argument names, GET and POST, with filters on the result', async () => {
    const t = await runProperty((g) => g.rpc, 400);
    expect(t.reachedSql).toBeGreaterThan(t.runs * 0.1);
  });
});
