// Reading an upload: at most `limit` bytes are ever held. A body over the limit is refused; one a little
// over it (up to DRAIN_MAX) is read to its end and thrown away first, so that a client still sending
// gets the 413 rather than a reset connection. A bigger one is refused at once and the connection closed.
import { ERR } from './errors';

/** Past this many bytes an oversized body is not drained: the connection is closed on it instead. */
const DRAIN_MAX = 32 * 1024 * 1024;

async function drain(reader: ReadableStreamDefaultReader<Uint8Array>, seen: number): Promise<void> {
  for (let size = seen; size <= DRAIN_MAX;) {
    const { done, value } = await reader.read();
    if (done) return;
    size += value.byteLength;
  }
  await reader.cancel().catch(() => undefined); // the client went away: nothing left to drain
}

/** Room for the multipart envelope (boundaries, part headers, the cacheControl / metadata fields). */
const MULTIPART_OVERHEAD = 64 * 1024;

export interface UploadBody {
  data: Buffer;
  /** The type the client declared (never trusted for images: see sniff.ts). */
  declaredType: string;
  cacheControl: string | null;
  userMetadata: Record<string, unknown> | null;
}

export async function readLimited(req: Request, limit: number): Promise<Buffer> {
  const declared = Number(req.headers.get('content-length') ?? NaN);
  if (Number.isFinite(declared) && declared > limit) {
    // Drained only so the client reads the 413 below; a broken upload stream changes nothing about that answer.
    if (declared <= DRAIN_MAX && req.body) await drain(req.body.getReader(), 0).catch(() => undefined);
    throw ERR.entityTooLarge();
  }
  if (!req.body) return Buffer.alloc(0);
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await drain(reader, size).catch(() => undefined); // as above: the 413 is the answer either way
      throw ERR.entityTooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, size);
}

function parseMetadata(raw: string | null): Record<string, unknown> | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // fall through
  }
  throw ERR.invalidRequest('Invalid metadata: expected a JSON object');
}

const cacheControlOf = (value: string | null): string | null => {
  if (!value) return null;
  const seconds = /^(?:max-age=)?(\d{1,9})$/.exec(value.trim());
  return seconds ? `max-age=${seconds[1]}` : null;
};

/** The file of an upload: a multipart form (supabase-js with a Blob/File) or the raw body (Buffer, stream). */
export async function readUpload(req: Request, limit: number): Promise<UploadBody> {
  const type = req.headers.get('content-type') ?? '';
  if (/^multipart\/form-data/i.test(type)) {
    const raw = await readLimited(req, limit + MULTIPART_OVERHEAD);
    let form: FormData;
    try {
      form = await new Response(new Uint8Array(raw), { headers: { 'content-type': type } }).formData();
    } catch {
      throw ERR.invalidRequest('The multipart form could not be read');
    }
    const file = [...form.values()].find((v): v is File => typeof v !== 'string');
    if (!file) throw ERR.invalidRequest('No content provided');
    if (file.size > limit) throw ERR.entityTooLarge();
    const field = (name: string) => {
      const v = form.get(name);
      return typeof v === 'string' ? v : null;
    };
    return {
      data: Buffer.from(await file.arrayBuffer()),
      declaredType: file.type || 'application/octet-stream',
      cacheControl: cacheControlOf(field('cacheControl')),
      userMetadata: parseMetadata(field('metadata')),
    };
  }
  const data = await readLimited(req, limit);
  const encodedMeta = req.headers.get('x-metadata');
  return {
    data,
    declaredType: type || 'application/octet-stream',
    cacheControl: cacheControlOf(req.headers.get('cache-control')),
    userMetadata: parseMetadata(encodedMeta ? Buffer.from(encodedMeta, 'base64').toString('utf8') : null),
  };
}
