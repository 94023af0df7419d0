// The Data API (/rest/v1): the PostgREST subset supabase-js speaks. Every request runs in one
// transaction as the JWT's role with request.jwt.claims set, so Postgres RLS decides access.
import { Hono, type Context } from 'hono';
import type { StackContext, JwtClaims } from '../types';
import { isApiRole, JwtError } from '../jwt';
import { ApiError, toApiError, unknownTable } from './errors';
import { isReserved, parseJsonBody, parsePrefer, setRequestContext, isPlainObject } from './request';
import { runRead } from './read';
import { runInsert, runUpdate, runDelete } from './write';
import { runRpc } from './rpc';
import { headersForDatabase } from '../client-address';
import { JSON_TYPE, OBJECT_TYPE, wantsObject } from './response';
import { loadSchemaCache, type Relation, type SchemaCache } from './schema-cache';

export interface SchemaHolder {
  get(): Promise<SchemaCache>;
  /** Reloads (at most once a second): for DDL made after boot. */
  refresh(): Promise<SchemaCache>;
}

export function createSchemaHolder(ctx: Pick<StackContext, 'db'>): SchemaHolder {
  let current: Promise<SchemaCache> | null = null;
  let loadedAt = 0;
  const load = () => {
    loadedAt = Date.now();
    current = loadSchemaCache(ctx.db);
    current.catch(() => {
      current = null;
    });
    return current;
  };
  return {
    get: () => current ?? load(),
    refresh: () => (Date.now() - loadedAt < 1000 && current ? current : load()),
  };
}

// The key may also come as an `apikey` url parameter, as the hosted gateway (Kong's key-auth) takes it: a
// GET with no custom header is a simple cross-origin request, with no preflight round trip (the head
// script's early listing request, src/early/listing-answer.ts).
const bearer = (c: Context): string | null => {
  const auth = c.req.header('authorization');
  const m = auth ? /^Bearer\s+(.+)$/i.exec(auth) : null;
  return m ? m[1].trim() : (c.req.header('apikey') ?? c.req.query('apikey') ?? null);
};

async function claimsFor(ctx: StackContext, c: Context): Promise<JwtClaims> {
  const token = bearer(c);
  if (!token) {
    throw new ApiError(
      401,
      'PGRST301',
      'No API key found in request',
      null,
      'No `apikey` request header or url param was found.',
    );
  }
  const claims = await ctx.verifyJwt(token);
  if (!isApiRole(claims.role)) throw new ApiError(401, 'PGRST301', `The JWT role "${claims.role}" is not allowed`);
  return claims;
}

function errorResponse(err: ApiError): Response {
  const headers: Record<string, string> = { 'Content-Type': JSON_TYPE, ...err.headers };
  if (err.status === 401 && (err.code === 'PGRST301' || err.code === 'PGRST303')) {
    headers['WWW-Authenticate'] = `Bearer error="invalid_token", error_description="${err.message.replace(/"/g, "'")}"`;
  }
  return new Response(JSON.stringify(err.body()), { status: err.status, headers });
}

function checkProfile(c: Context): void {
  const profile = c.req.header('accept-profile') ?? c.req.header('content-profile');
  if (profile && profile !== 'public') {
    throw new ApiError(406, 'PGRST106', 'The schema must be one of the following: public', null, null);
  }
}

export function restRoutes(ctx: StackContext, schemas: SchemaHolder = createSchemaHolder(ctx)): Hono {
  const app = new Hono();

  async function relation(name: string): Promise<{ schema: SchemaCache; rel: Relation }> {
    let schema = await schemas.get();
    let rel = schema.relations.get(name);
    if (!rel) {
      schema = await schemas.refresh();
      rel = schema.relations.get(name);
    }
    if (!rel) throw unknownTable(name);
    return { schema, rel };
  }

  /** Runs a handler inside the request transaction; maps every failure to a PostgREST error. */
  async function handle(
    c: Context,
    run: (args: { claims: JwtClaims; query: URLSearchParams; body: string }) => Promise<Response>,
  ): Promise<Response> {
    let role = 'anon';
    try {
      checkProfile(c);
      const claims = await claimsFor(ctx, c);
      role = claims.role;
      const body = c.req.method === 'GET' || c.req.method === 'HEAD' ? '' : await c.req.text();
      if (Buffer.byteLength(body) > ctx.config.maxBodyBytes) throw new ApiError(413, 'PGRST413', 'Payload Too Large');
      const query = new URL(c.req.url).searchParams;
      query.delete('apikey'); // the gateway's, not a filter (the hosted gateway removes it too)
      return await run({ claims, query, body });
    } catch (err) {
      if (err instanceof JwtError) return errorResponse(new ApiError(401, err.code, err.message));
      return errorResponse(toApiError(err, role));
    }
  }

  const txInfo = (c: Context, claims: JwtClaims) => ({
    claims,
    method: c.req.method,
    path: new URL(c.req.url).pathname.replace(/^\/rest\/v1/, ''),
    headers: headersForDatabase(c, ['authorization', 'apikey']),
    readOnly: c.req.method === 'GET' || c.req.method === 'HEAD',
    statementTimeoutMs: ctx.config.statementTimeoutMs,
  });

  const respond = (c: Context, status: number, body: string | null, contentRange: string, single: boolean) =>
    new Response(c.req.method === 'HEAD' || body === null || status === 204 ? null : body, {
      status,
      headers: { 'Content-Type': single ? OBJECT_TYPE : JSON_TYPE, 'Content-Range': contentRange },
    });

  app.get('/', (c) => c.json({ swagger: '2.0', info: { title: 'Motorly local Data API' } }));

  const rpc = (c: Context) =>
    handle(c, async ({ claims, query, body }) => {
      const name = c.req.param('fn')!;
      const schema = (await schemas.get()).functions.has(name) ? await schemas.get() : await schemas.refresh();
      let args: Record<string, unknown>;
      let argKeysInQuery = new Set<string>();
      if (c.req.method === 'POST') {
        const parsed = parseJsonBody(body, true);
        if (!isPlainObject(parsed)) throw new ApiError(400, 'PGRST102', 'Empty or invalid json');
        args = parsed;
      } else {
        const names = new Set((schema.functions.get(name) ?? []).flatMap((f) => f.args.map((a) => a.name)));
        args = {};
        for (const [k, v] of query) if (names.has(k) && !isReserved(k)) args[k] = v;
        argKeysInQuery = new Set(Object.keys(args));
      }
      const prefer = parsePrefer(c.req.header('prefer'));
      const single = wantsObject(c.req.header('accept'));
      const out = await ctx.db.transaction(async (tx) => {
        await setRequestContext(tx, txInfo(c, claims));
        return runRpc({ tx, schema, name, args, query, argKeysInQuery, prefer, single });
      });
      return respond(c, out.status, out.body, out.contentRange, single);
    });
  app.on(['GET', 'HEAD', 'POST'], '/rpc/:fn', rpc);

  app.on(['GET', 'HEAD'], '/:table', (c) =>
    handle(c, async ({ claims, query }) => {
      const { schema, rel } = await relation(c.req.param('table')!);
      const prefer = parsePrefer(c.req.header('prefer'));
      const single = wantsObject(c.req.header('accept'));
      const out = await ctx.db.transaction(async (tx) => {
        await setRequestContext(tx, txInfo(c, claims));
        return runRead(tx, schema, rel, query, { prefer, single });
      });
      return respond(c, out.status, out.body, out.contentRange, single);
    }),
  );

  app.on(['POST', 'PATCH', 'DELETE'], '/:table', (c) =>
    handle(c, async ({ claims, query, body }) => {
      const { schema, rel } = await relation(c.req.param('table')!);
      const prefer = parsePrefer(c.req.header('prefer'));
      const single = wantsObject(c.req.header('accept'));
      const parsed = c.req.method === 'DELETE' ? null : parseJsonBody(body, false);
      const out = await ctx.db.transaction(async (tx) => {
        await setRequestContext(tx, txInfo(c, claims));
        const args = { tx, schema, rel, query, prefer, single, body: parsed };
        if (c.req.method === 'POST') return runInsert(args);
        if (c.req.method === 'PATCH') return runUpdate(args);
        return runDelete(args);
      });
      return respond(c, out.status, out.body, out.contentRange, single && out.body !== null);
    }),
  );

  app.all('*', (c) =>
    Promise.resolve(errorResponse(new ApiError(405, 'PGRST117', `Unsupported HTTP method: ${c.req.method}`))),
  );
  return app;
}
