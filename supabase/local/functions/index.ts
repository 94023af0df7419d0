// Edge functions over HTTP (/functions/v1/<name>): runs supabase/functions/<name>/handler.ts, the same
// web-standard handler that hosted Supabase runs through its Deno entry (index.ts next to it).
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Hono } from 'hono';
import { WebSocket as WsWebSocket } from 'ws';
import type { StackContext } from '../types';

export type FunctionHandler = (req: Request, env: Record<string, string | undefined>) => Promise<Response>;

const FUNCTIONS_DIR = new URL('../../functions/', import.meta.url);
// Folders starting with '_' hold shared code, never a function.
const NAME_RE = /^[a-z0-9][a-z0-9_-]{0,63}$/;

/** The environment a function sees; mirrors what hosted Supabase injects. */
export function functionEnv(ctx: StackContext): Record<string, string | undefined> {
  return {
    SUPABASE_URL: ctx.config.apiUrl,
    SUPABASE_ANON_KEY: ctx.config.anonKey,
    SUPABASE_SERVICE_ROLE_KEY: ctx.config.serviceRoleKey,
    SITE_URL: ctx.config.siteUrl,
    MAIL_TRANSPORT: process.env.MAIL_TRANSPORT,
    RESEND_API_KEY: process.env.RESEND_API_KEY,
    MAIL_FROM: process.env.MAIL_FROM,
    // ai-rephrase's optional language model (off unless all of URL and name are set).
    AI_MODEL_URL: process.env.AI_MODEL_URL,
    AI_MODEL_API_KEY: process.env.AI_MODEL_API_KEY,
    AI_MODEL_NAME: process.env.AI_MODEL_NAME,
  };
}

/**
 * Deno (and Node 22+) have a global WebSocket; Node 20 does not, and supabase-js's createClient throws
 * without one. Handlers must run unchanged on Deno, so the local runtime supplies the global instead.
 */
export function provideWebSocketGlobal(): void {
  const g = globalThis as { WebSocket?: unknown };
  if (typeof g.WebSocket === 'undefined') g.WebSocket = WsWebSocket;
}

const cache = new Map<string, Promise<FunctionHandler | null>>();

/** Loads a function's handler once; null when there is no such function. */
export function loadFunction(name: string): Promise<FunctionHandler | null> {
  if (!NAME_RE.test(name)) return Promise.resolve(null);
  let pending = cache.get(name);
  if (!pending) {
    const url = new URL(`${name}/handler.ts`, FUNCTIONS_DIR);
    pending = existsSync(fileURLToPath(url))
      ? import(url.href).then((mod: { default?: unknown }) =>
          typeof mod.default === 'function' ? (mod.default as FunctionHandler) : null,
        )
      : Promise.resolve(null);
    pending.catch(() => cache.delete(name));
    cache.set(name, pending);
  }
  return pending;
}

export function functionsRoutes(ctx: StackContext): Hono {
  const app = new Hono();
  provideWebSocketGlobal();

  app.all('/:name{[^/]+}/*', (c) => run(c.req.param('name'), c.req.raw));
  app.all('/:name{[^/]+}', (c) => run(c.req.param('name'), c.req.raw));

  async function run(name: string, req: Request): Promise<Response> {
    let handler: FunctionHandler | null;
    try {
      handler = await loadFunction(name);
    } catch {
      handler = null;
    }
    if (!handler) {
      return Response.json({ code: 'NOT_FOUND', message: 'Requested function was not found' }, { status: 404 });
    }
    try {
      // Built per call: the API URL is only final once the server knows its port.
      return await handler(req, functionEnv(ctx));
    } catch {
      // Never leak stack traces to callers.
      return Response.json({ error: 'The function failed unexpectedly. Please try again.' }, { status: 500 });
    }
  }

  return app;
}
