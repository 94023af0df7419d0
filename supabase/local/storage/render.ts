// GET /render/image/{public|authenticated}/{bucket}/{key}?width=&height=&resize=&quality=&format= (what
// getPublicUrl / download with { transform } ask for). A plain width is answered from the stored variants
// (the smallest at least as wide; over 1280 a 1920 or 2560 copy made once and kept); other options are
// made from the nearest variant on the fly. Long cache lifetime: a new upload is a new version, a new ETag.
import type { Context, Hono } from 'hono';
import {
  asCaller,
  bucketAndKey,
  checkKey,
  claimsFor,
  findBucket,
  findObject,
  type ObjectRow,
  type StorageContext,
} from './context';
import { ERR } from './errors';
import {
  isLargeWidth,
  isPlainWidthRequest,
  makeLargeVariant,
  parseTransform,
  transform,
  variantWidthFor,
  type TransformOptions,
} from './images';
import { send } from './serve';

type Handler = (c: Context) => Promise<Response>;

const LONG_CACHE = 'public, max-age=31536000';

async function variant(s: StorageContext, o: ObjectRow, width: number): Promise<Buffer> {
  const key = `${o.version}/w${width}.webp`;
  const stored = await s.blobs.get(key);
  if (stored) return stored;
  const original = await s.blobs.get(`${o.version}/original`);
  if (!original) throw ERR.noSuchKey();
  if (!isLargeWidth(width)) throw ERR.internal(); // the upload stored 320/640/1280; missing means damage
  const made = await makeLargeVariant(original, width);
  await s.blobs.put(key, made);
  return made;
}

export async function render(
  s: StorageContext,
  c: Context,
  o: ObjectRow,
  name: string,
  t: TransformOptions,
): Promise<Response> {
  if (!Array.isArray(o.metadata?.variants)) {
    throw ERR.invalidRequest('Image transformation is only available for JPEG, PNG and WebP images');
  }
  const width = variantWidthFor(t.width);
  const lastModified = new Date(o.updated_at);
  if (isPlainWidthRequest(t)) {
    const data = await variant(s, o, width);
    return send(
      c,
      { data, type: 'image/webp', etag: `"${o.version}-w${width}"`, cacheControl: LONG_CACHE, lastModified },
      name,
    );
  }
  const sourceKey = t.format === 'origin' ? `${o.version}/original` : `${o.version}/w${width}.webp`;
  const source = t.format === 'origin' ? await s.blobs.get(sourceKey) : await variant(s, o, width);
  if (!source) throw ERR.noSuchKey();
  const tag = `"${o.version}-${t.width ?? ''}x${t.height ?? ''}-${t.resize}-${t.quality ?? ''}-${t.format}"`;
  if (c.req.header('if-none-match') === tag) {
    return send(
      c,
      { data: Buffer.alloc(0), type: 'image/webp', etag: tag, cacheControl: LONG_CACHE, lastModified },
      name,
    );
  }
  const out = await transform(source, t);
  return send(c, { data: out.data, type: out.type, etag: tag, cacheControl: LONG_CACHE, lastModified }, name);
}

export function renderRoutes(app: Hono, s: StorageContext, handle: (fn: Handler) => Handler): void {
  app.on(
    ['GET', 'HEAD'],
    '/render/image/public/*',
    handle(async (c) => {
      const { bucketId, name } = bucketAndKey(c, '/render/image/public/');
      const bucket = await findBucket(s, bucketId);
      if (!bucket.public) throw ERR.noSuchBucket();
      const t = parseTransform(new URL(c.req.url).searchParams);
      const object = await findObject(s.stack.db, bucketId, checkKey(name));
      return render(s, c, object, name, t);
    }),
  );
  app.on(
    ['GET', 'HEAD'],
    '/render/image/authenticated/*',
    handle(async (c) => {
      const claims = await claimsFor(s, c);
      const { bucketId, name } = bucketAndKey(c, '/render/image/authenticated/');
      const t = parseTransform(new URL(c.req.url).searchParams);
      const object = await asCaller(s, c, claims, (tx) => findObject(tx, bucketId, checkKey(name)), true);
      return render(s, c, object, name, t);
    }),
  );
}
