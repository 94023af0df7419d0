// Sending stored bytes: the object's type, size, ETag and cache headers; 304 for a matching If-None-Match.
// Served from the API's origin, so a file is never sniffed into something else nor run as a page.
import type { Context } from 'hono';
import type { StorageContext, ObjectRow } from './context';
import { ERR } from './errors';

export interface Payload {
  data: Buffer;
  type: string;
  etag: string;
  cacheControl: string;
  lastModified?: Date;
}

const meta = (o: ObjectRow, key: string): unknown => o.metadata?.[key];

export async function originalOf(s: StorageContext, o: ObjectRow): Promise<Payload> {
  const data = await s.blobs.get(`${o.version}/original`);
  if (!data) throw ERR.noSuchKey();
  return {
    data,
    type: String(meta(o, 'mimetype') ?? 'application/octet-stream'),
    etag: String(meta(o, 'eTag') ?? `"${o.version}"`),
    cacheControl: String(meta(o, 'cacheControl') ?? 'max-age=3600'),
    lastModified: new Date(o.updated_at),
  };
}

/** `download` query parameter: '' -> attachment under the object's name, a value -> that name. */
function disposition(c: Context, name: string): string | null {
  const download = c.req.query('download');
  if (download === undefined) return null;
  const file = (download || name.split('/').pop() || 'download').replace(/["\\\r\n]/g, '_');
  return `attachment; filename="${encodeURIComponent(file)}"; filename*=UTF-8''${encodeURIComponent(file)}`;
}

export function send(c: Context, p: Payload, name: string): Response {
  const headers: Record<string, string> = {
    'Content-Type': p.type,
    ETag: p.etag,
    'Cache-Control': p.cacheControl,
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': "default-src 'none'; sandbox",
    'Cross-Origin-Resource-Policy': 'cross-origin',
  };
  if (p.lastModified) headers['Last-Modified'] = p.lastModified.toUTCString();
  const attach = disposition(c, name);
  if (attach) headers['Content-Disposition'] = attach;
  const match = c.req.header('if-none-match');
  if (match && match.split(',').some((t) => t.trim().replace(/^W\//, '') === p.etag)) {
    return new Response(null, { status: 304, headers });
  }
  headers['Content-Length'] = String(p.data.byteLength);
  return new Response(c.req.method === 'HEAD' ? null : new Uint8Array(p.data), { status: 200, headers });
}
