// The app's HTTP security headers, one source of truth: `npm start` (vite preview, scripts/start.ts)
// sends them, and public/_headers (Netlify / Cloudflare Pages format) is generated from them for a
// static host (`npx tsx scripts/security-headers.ts > public/_headers`; a unit test keeps it in step).

import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** The CSP sources ('sha256-…') of the inline blocks a build's pages hold (vite-plugins/inline-blocking.ts). */
export interface InlineHashes {
  scripts: string[];
  styles: string[];
}

/** The file the build writes them to, in its output folder. */
export const CSP_HASHES_FILE = 'csp-hashes.json';
const HASH = /^'sha256-[A-Za-z0-9+/]{43}='$/;

/**
 * A build's inline hashes (none when it has no such file: its pages then hold no inline block). A malformed
 * file throws: a header made from it could allow something else, or refuse the page's own styles.
 */
export function readInlineHashes(outDir: string): InlineHashes {
  const file = path.join(outDir, CSP_HASHES_FILE);
  if (!existsSync(file)) return { scripts: [], styles: [] };
  const data = JSON.parse(readFileSync(file, 'utf8')) as Partial<InlineHashes>;
  const list = (v: unknown) => {
    if (!Array.isArray(v) || !v.every((h) => typeof h === 'string' && HASH.test(h)))
      throw new Error(`${file}: not a list of sha256 sources`);
    return v as string[];
  };
  return { scripts: list(data.scripts), styles: list(data.styles) };
}

/** The hashes as the build writes them (sorted: a rebuild of the same files writes the same file). */
export const inlineHashesFile = (hashes: InlineHashes) =>
  `${JSON.stringify({ scripts: [...hashes.scripts].sort(), styles: [...hashes.styles].sort() }, null, 2)}\n`;

/** Where a static host's build talks to: a hosted Supabase project (REST, auth, realtime). */
export const HOSTED_API_ORIGINS = ['https://*.supabase.co'];

/** http(s)://host -> ws(s)://host: realtime-js opens its websocket on the API origin. */
function websocketOrigin(origin: string): string {
  return origin.replace(/^http/, 'ws');
}

/**
 * Content-Security-Policy and friends. No inline script or style but the build's own blocks, by hash; data: images
 * are the app's generated car art and brand monograms, and dealers' photos come from the API's Storage;
 * the service worker and workers load from self.
 */
export function appSecurityHeaders(
  apiOrigins: readonly string[],
  inline: InlineHashes = { scripts: [], styles: [] },
): Record<string, string> {
  const origins = [...new Set(apiOrigins)];
  const api = origins.flatMap((o) => [o, websocketOrigin(o)]);
  const csp = [
    "default-src 'self'",
    ["script-src 'self'", ...inline.scripts].join(' '),
    ["style-src 'self'", ...inline.styles].join(' '),
    // Dealers' listing photos come from the API's Storage (public bucket, resized variants).
    `img-src 'self' data: blob: ${origins.join(' ')}`.trim(),
    "font-src 'self'",
    `connect-src 'self' ${api.join(' ')}`.trim(),
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
  return {
    'Content-Security-Policy': csp,
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    // Voice search is planned, so the microphone stays available to the app's own origin.
    'Permissions-Policy': 'camera=(), geolocation=(), microphone=(self), payment=(), usb=()',
    'X-Frame-Options': 'DENY',
  };
}

/** The headers `npm start` sends: the local API (as the build and the stack know it) and its websocket. */
export function previewSecurityHeaders(stackUrl: string, inline?: InlineHashes): Record<string, string> {
  const origins = [new URL(stackUrl).origin];
  const built = process.env.VITE_SUPABASE_URL;
  if (built) origins.push(new URL(built).origin);
  return appSecurityHeaders(origins, inline);
}

/**
 * `npm start`'s hook: the stack it starts answers CORS for the app origin it serves (unless
 * CORS_ALLOWED_ORIGINS says otherwise), and vite preview sends the headers above, with the hashes of the
 * build in `outDir` (read once it is built).
 */
export function prepareAppSecurity(
  appPort: number,
  apiPort: number,
): { headers(outDir: string): Record<string, string> } {
  if (!process.env.CORS_ALLOWED_ORIGINS) {
    const origins = [`http://localhost:${appPort}`, `http://127.0.0.1:${appPort}`];
    if (process.env.SITE_URL) origins.unshift(new URL(process.env.SITE_URL).origin);
    process.env.CORS_ALLOWED_ORIGINS = origins.join(',');
  }
  const stackUrl = `http://127.0.0.1:${apiPort}`;
  return { headers: (outDir) => previewSecurityHeaders(stackUrl, readInlineHashes(outDir)) };
}

/**
 * public/_headers for a static host in front of a hosted Supabase project; with a build's hashes, that build's
 * own copy (the build writes it into its output folder, vite-plugins/prerender-home.ts).
 */
export function staticHostHeadersFile(inline?: InlineHashes): string {
  const lines = Object.entries(appSecurityHeaders(HOSTED_API_ORIGINS, inline)).map(([k, v]) => `  ${k}: ${v}`);
  return [
    '# Generated by scripts/security-headers.ts (npx tsx scripts/security-headers.ts > public/_headers).',
    '# Netlify / Cloudflare Pages format. Using another API origin? Add it to connect-src (and its wss://).',
    '/*',
    ...lines,
    '',
  ].join('\n');
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].replace(/\\/g, '/'))) {
  process.stdout.write(staticHostHeadersFile());
}
