// Response compression as hosted Supabase's gateway does it: br or gzip when the client accepts it,
// for JSON and text bodies of at least 1 KB. Bodies here are already whole strings in memory, so they are
// buffered and compressed in one go; streamed types (event streams) are never touched.
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { MiddlewareHandler } from 'hono';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
const COMPRESSIBLE = /^(application\/(?:[\w.+-]*json|javascript|xml)|text\/(?!event-stream)[\w.+-]+)(?:;|$)/i;
export const COMPRESS_THRESHOLD = 1024;

type Encoding = 'br' | 'gzip';

/** The best encoding the Accept-Encoding header allows (q > 0), br first. */
export function chooseEncoding(header: string | undefined): Encoding | null {
  if (!header) return null;
  const q = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    q.set(name!, qParam ? Number(qParam.slice(2)) || 0 : 1);
  }
  const allowed = (enc: string) => (q.get(enc) ?? q.get('*') ?? 0) > 0;
  if (allowed('br')) return 'br';
  if (allowed('gzip')) return 'gzip';
  return null;
}

function encode(body: Buffer, encoding: Encoding): Promise<Buffer> {
  if (encoding === 'gzip') return gzipAsync(body, { level: 6 });
  // Quality 4 is as fast as gzip -6 and still smaller; 11 would cost far too much CPU per request.
  return brotli(body, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
  });
}

export function compressResponses(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const res = c.res;
    const type = res.headers.get('content-type') ?? '';
    if (c.req.method === 'HEAD' || !res.body || res.status === 206 || res.status === 204) return;
    if (res.headers.has('content-encoding') || !COMPRESSIBLE.test(type)) return;
    if (/(?:^|,)\s*no-transform\s*(?:,|$)/i.test(res.headers.get('cache-control') ?? '')) return;
    const encoding = chooseEncoding(c.req.header('accept-encoding'));
    const raw = Buffer.from(await res.arrayBuffer());
    const packed = encoding && raw.length >= COMPRESS_THRESHOLD ? await encode(raw, encoding) : null;
    // Hono merges the old response's headers into the new one on assignment: the changed ones are set afterwards.
    const body = new Uint8Array(packed ?? raw);
    c.res = new Response(body, { status: res.status, statusText: res.statusText, headers: res.headers });
    const vary = c.res.headers.get('vary');
    if (!vary || !/(?:^|,)\s*accept-encoding\s*(?:,|$)/i.test(vary)) {
      c.res.headers.set('vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
    }
    if (packed && encoding) c.res.headers.set('content-encoding', encoding);
    c.res.headers.set('content-length', String(body.length));
  };
}
