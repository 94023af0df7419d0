// The app server's answer to a first visit to /marketplace: marketplace.html with the default search's first
// page in it (the cards and the search_listings answer, src/early/marketplace-markup.ts), so the first paint
// shows results rather than placeholders and no request waits on the page's scripts. Used by `npm start`
// (scripts/start.ts) and bench:scale (bench/scale/serve.ts). Only the exact address /marketplace gets it
// (any query string is the app's own search); the request body is the one the build put in the page, so nothing
// from the request reaches the database. On any error or a slow answer the static file is served.
import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import type { Plugin } from 'vite';
import { earlySearchBodyOf, injectFirstPage } from '../src/early/marketplace-markup';

export interface FirstPageOptions {
  /** The built app (marketplace.html). */
  outDir: string;
  /** The Data API the server asks (the stack itself, not a public relay). */
  apiUrl: string;
  anonKey: string;
  /** The security headers every page gets. */
  headers: Record<string, string>;
  /** How long an answer is used as it is (a burst of visits asks the database once). */
  ttlMs?: number;
  /** How long an older answer is still served while a fresh one is asked for in the background. */
  staleMs?: number;
  /** The longest a visit waits for an answer before the static file is served. */
  timeoutMs?: number;
}

interface Page {
  html: Buffer;
  br: Buffer;
}

/** The page's source: the page from the newest answer, or null (serve the static file). */
export interface FirstPageSource {
  (): Promise<Page | null>;
  /** Asks for an answer now (the server's start: the first query of a fresh database can take a second). */
  warm(): Promise<Page | null>;
}

/** How long a request to the Data API may take, whoever waits for it. */
const REQUEST_TIMEOUT_MS = 5000;

/** Reads the template once; asks the Data API at most once at a time, and once per ttlMs at most. */
export function firstPageSource(opts: FirstPageOptions): FirstPageSource {
  const { ttlMs = 5000, staleMs = 30_000, timeoutMs = 300 } = opts;
  let template: { html: string; body: string } | null | undefined;
  let latest: { at: number; page: Page } | null = null;
  let inflight: Promise<Page | null> | null = null;
  const build = async (): Promise<Page | null> => {
    template ??= (() => {
      const html = readFileSync(path.join(opts.outDir, 'marketplace.html'), 'utf8');
      const body = earlySearchBodyOf(html);
      return body ? { html, body } : null;
    })();
    if (!template) return null;
    const res = await fetch(`${opts.apiUrl.replace(/\/$/, '')}/rest/v1/rpc/search_listings`, {
      method: 'POST',
      headers: { apikey: opts.anonKey, authorization: `Bearer ${opts.anonKey}`, 'content-type': 'application/json' },
      body: template.body,
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    if (!res.ok) throw new Error(`search_listings answered ${res.status}`);
    const html = injectFirstPage(template.html, await res.json());
    if (!html) return null;
    const buf = Buffer.from(html);
    // Quality 5: compressed once per answer, possibly on a visit's path; 11 takes ~100 ms for little gain.
    return { html: buf, br: brotliCompressSync(buf, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }) };
  };
  const refresh = () =>
    (inflight ??= build()
      .catch((e: unknown) => {
        console.warn('market first page: serving the static page:', e instanceof Error ? e.message : e);
        return null;
      })
      .then((page) => {
        inflight = null;
        if (page) latest = { at: Date.now(), page };
        return page;
      }));
  const source = () => {
    const age = latest ? Date.now() - latest.at : Infinity;
    if (latest && age <= ttlMs) return Promise.resolve(latest.page);
    const fresh = refresh();
    if (latest && age <= staleMs) return Promise.resolve(latest.page);
    // A visit waits timeoutMs at most; the answer still fills the cache for the next one.
    const late = new Promise<null>((resolve) => setTimeout(() => resolve(null), timeoutMs).unref());
    return Promise.race([fresh, late]);
  };
  return Object.assign(source, { warm: refresh });
}

/** A navigation to exactly /marketplace (a document request: the browser asks for text/html). */
function isFirstPageRequest(req: IncomingMessage): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  return req.url === '/marketplace' && String(req.headers.accept ?? '').includes('text/html');
}

/** vite preview middleware serving the page with the first page in it, else passing on to the static file. */
export function marketFirstPage(opts: FirstPageOptions): Plugin {
  const source = firstPageSource(opts);
  const handler = (req: IncomingMessage, res: ServerResponse, next: () => void) => {
    if (!isFirstPageRequest(req)) return next();
    void source().then((page) => {
      if (!page) return next();
      const br = /\bbr\b/.test(String(req.headers['accept-encoding'] ?? ''));
      const body = br ? page.br : page.html;
      res.writeHead(200, {
        ...opts.headers,
        'content-type': 'text/html; charset=utf-8',
        ...(br ? { 'content-encoding': 'br' } : {}),
        'content-length': body.length,
        vary: 'Accept-Encoding',
        'cache-control': 'no-cache',
      });
      res.end(req.method === 'HEAD' ? undefined : body);
    });
  };
  return {
    name: 'motorly:market-first-page',
    configurePreviewServer(server) {
      void source.warm();
      server.middlewares.use(handler);
    },
  };
}
