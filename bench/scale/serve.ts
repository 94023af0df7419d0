// The built app served as `npm start` serves it (scripts/start.ts: vite preview, the security headers,
// /supabase and /api proxied to the stack), plus what a static host in production does and vite preview
// does not: brotli (quality 11) for the static files, so "bytes on the wire" are the bytes a phone would
// receive. They are compressed before the server answers anything, as a host serves precompressed files:
// compressed at a file's first request, on the server's one thread, a chunk held every request behind it,
// the API's proxied ones too (client.js 340 ms, worker.js 720 ms), and a session's first searches, made while
// the app's chunks were first asked for, waited 600-700 ms for their request to leave the server.
// A first visit to /marketplace gets its first page in the HTML, as from `npm start`
// (scripts/market-first-page.ts).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants } from 'node:zlib';
import { preview, type Plugin } from 'vite';
import { marketFirstPage } from '../../scripts/market-first-page';
import { appSecurityHeaders, readInlineHashes } from '../../scripts/security-headers';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.txt': 'text/plain; charset=utf-8',
};

/** The file a GET for `pathname` serves: the file itself, or index.html for an app route (SPA fallback). */
function fileFor(outDir: string, pathname: string, wantsHtml: boolean): string | null {
  const clean = path.normalize(decodeURIComponent(pathname)).replace(/^(\.\.[/\\])+/, '');
  const direct = path.join(outDir, clean);
  if (direct.startsWith(outDir) && existsSync(direct) && statSync(direct).isFile()) return direct;
  if (!wantsHtml || path.extname(clean)) return null;
  for (const candidate of [path.join(direct, 'index.html'), `${direct}.html`, path.join(outDir, 'index.html')])
    if (candidate.startsWith(outDir) && existsSync(candidate)) return candidate;
  return null;
}

const compress = promisify(brotliCompress);

/** Every static text file under `dir`, brotli-compressed (quality 11), by path. */
async function precompress(dir: string): Promise<Map<string, Buffer>> {
  const files = readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((f) => path.join(dir, f))
    .filter((f) => TYPES[path.extname(f)] && statSync(f).isFile());
  const compressed = await Promise.all(
    files.map(
      async (f) => [f, await compress(readFileSync(f), { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } })] as const,
    ),
  );
  return new Map(compressed);
}

/** Static text files as br, from `cache` (precompress); everything else falls through to vite preview. */
function brotliStatic(outDir: string, headers: Record<string, string>, cache: Map<string, Buffer>): Plugin {
  const handler = (req: IncomingMessage, res: ServerResponse, next: () => void) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const accepts = /\bbr\b/.test(String(req.headers['accept-encoding'] ?? ''));
    const proxied = /^\/(supabase|api)(\/|$)/.test(url.pathname);
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !accepts || proxied) return next();
    const file = fileFor(outDir, url.pathname, String(req.headers.accept ?? '').includes('text/html'));
    const type = file ? TYPES[path.extname(file)] : undefined;
    if (!file || !type) return next();
    const body = cache.get(file);
    if (!body) return next();
    const hashed = url.pathname.startsWith('/assets/');
    res.writeHead(200, {
      ...headers,
      'content-type': type,
      'content-encoding': 'br',
      'content-length': body.length,
      vary: 'Accept-Encoding',
      'cache-control': hashed ? 'public, max-age=31536000, immutable' : 'no-cache',
    });
    res.end(req.method === 'HEAD' ? undefined : body);
  };
  return {
    name: 'bench-scale:brotli-static',
    configurePreviewServer(server) {
      server.middlewares.use(handler);
    },
  };
}

export interface AppServer {
  close(): Promise<void>;
}

/**
 * Serves `outDir` on `port`. `publicApi` is the API origin the build talks to (the metered relay),
 * `stackPort` the stack itself (the proxies' target, as start.ts's are), `anonKey` the key the build carries.
 */
export async function serveApp(opts: {
  outDir: string;
  port: number;
  publicApi: string;
  stackPort: number;
  anonKey: string;
}) {
  const stack = `http://127.0.0.1:${opts.stackPort}`;
  const headers = appSecurityHeaders([new URL(opts.publicApi).origin, stack], readInlineHashes(opts.outDir));
  const server = await preview({
    configFile: false,
    logLevel: 'error',
    plugins: [
      marketFirstPage({ outDir: path.resolve(opts.outDir), apiUrl: stack, anonKey: opts.anonKey, headers }),
      brotliStatic(path.resolve(opts.outDir), headers, await precompress(path.resolve(opts.outDir))),
    ],
    build: { outDir: opts.outDir },
    preview: {
      port: opts.port,
      strictPort: true,
      host: '127.0.0.1',
      headers,
      proxy: {
        '/api': { target: stack, changeOrigin: true },
        '^/supabase/': { target: stack, changeOrigin: true, rewrite: (p) => p.slice('/supabase'.length) },
      },
    },
  });
  return {
    close: () => new Promise<void>((r) => server.httpServer.close(() => r())),
  } satisfies AppServer;
}
