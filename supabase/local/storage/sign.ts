// Signed URLs: POST /object/sign/{bucket}/{key} (one) and POST /object/sign/{bucket} (many) sign, for a caller
// who may read the object, a JWT over `<bucket>/<key>` (HS256, the stack's secret, exp = now + expiresIn);
// GET /object/sign/... and /render/image/sign/... serve it to anyone holding a valid, unexpired token.
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import type { Context, Hono } from 'hono';
import { asCaller, bucketAndKey, checkKey, claimsFor, findObject, jsonBody, type StorageContext } from './context';
import { ERR } from './errors';
import { parseTransform, type TransformOptions } from './images';
import { originalOf, send } from './serve';
import { render } from './render';

type Handler = (c: Context) => Promise<Response>;

const MAX_EXPIRES_IN = 10 * 365 * 24 * 3600;

interface SignedClaims {
  url: string;
  transformations?: TransformOptions;
}

const key = (s: StorageContext) => new TextEncoder().encode(s.stack.config.jwtSecret);

function expiresIn(value: unknown): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > MAX_EXPIRES_IN)
    throw ERR.invalidRequest('expiresIn must be a positive integer');
  return n;
}

async function sign(s: StorageContext, url: string, seconds: number, transform?: TransformOptions): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  const claims: Record<string, unknown> = { url, ...(transform ? { transformations: transform } : {}) };
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt(now)
    .setExpirationTime(now + seconds)
    .sign(key(s));
}

/** The token's claims when it is ours, unexpired and for exactly this object. */
async function verify(s: StorageContext, token: string | undefined, url: string): Promise<SignedClaims> {
  if (!token) throw ERR.invalidRequest('Missing token');
  let payload: Record<string, unknown>;
  try {
    ({ payload } = await jwtVerify(token, key(s), { algorithms: ['HS256'], requiredClaims: ['exp'] }));
  } catch (err) {
    if (err instanceof joseErrors.JWTExpired) throw ERR.expiredToken();
    throw ERR.invalidJwt('invalid signature');
  }
  if (payload.url !== url) throw ERR.invalidJwt('Invalid signature: the token is for another object');
  return payload as unknown as SignedClaims;
}

function transformOf(body: Record<string, unknown>): TransformOptions | undefined {
  const t = body.transform;
  if (typeof t !== 'object' || t === null || Object.keys(t).length === 0) return undefined;
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(t as Record<string, unknown>))
    if (v !== undefined && v !== null) q.set(k, String(v));
  return parseTransform(q);
}

export function signRoutes(app: Hono, s: StorageContext, handle: (fn: Handler) => Handler): void {
  app.post(
    '/object/sign/*',
    handle(async (c) => {
      const claims = await claimsFor(s, c);
      const { bucketId, name } = bucketAndKey(c, '/object/sign/');
      const body = await jsonBody(c);
      const seconds = expiresIn(body.expiresIn);
      if (name === '') {
        // createSignedUrls: one answer per path; a path the caller cannot read gets an error, not a URL.
        const paths = body.paths;
        if (
          !Array.isArray(paths) ||
          paths.length === 0 ||
          paths.length > 1000 ||
          !paths.every((p) => typeof p === 'string')
        ) {
          throw ERR.invalidRequest('paths must be a list of 1 to 1000 paths');
        }
        const visible = await asCaller(
          s,
          c,
          claims,
          async (tx) =>
            new Set(
              (
                await tx.query<{ name: string }>(
                  'select name from storage.objects where bucket_id = $1 and name = any($2::text[])',
                  [bucketId, paths],
                )
              ).rows.map((r) => r.name),
            ),
          true,
        );
        const out = [];
        for (const path of paths as string[]) {
          if (!visible.has(path)) {
            out.push({
              error: 'Either the object does not exist or you do not have access to it',
              path,
              signedURL: null,
            });
          } else {
            const token = await sign(s, `${bucketId}/${path}`, seconds);
            out.push({ error: null, path, signedURL: `/object/sign/${bucketId}/${path}?token=${token}` });
          }
        }
        return c.json(out);
      }
      await asCaller(s, c, claims, (tx) => findObject(tx, bucketId, checkKey(name)), true);
      const transform = transformOf(body);
      const token = await sign(s, `${bucketId}/${name}`, seconds, transform);
      const base = transform ? '/render/image/sign' : '/object/sign';
      return c.json({ signedURL: `${base}/${bucketId}/${name}?token=${token}` });
    }),
  );

  const serveSigned = (kind: 'object' | 'render') =>
    handle(async (c) => {
      const { bucketId, name } = bucketAndKey(c, kind === 'object' ? '/object/sign/' : '/render/image/sign/');
      const signed = await verify(s, c.req.query('token'), `${bucketId}/${name}`);
      const object = await findObject(s.stack.db, bucketId, checkKey(name));
      if (kind === 'render' || signed.transformations) {
        return render(s, c, object, name, signed.transformations ?? parseTransform(new URL(c.req.url).searchParams));
      }
      return send(c, await originalOf(s, object), name);
    });
  app.on(['GET', 'HEAD'], '/object/sign/*', serveSigned('object'));
  app.on(['GET', 'HEAD'], '/render/image/sign/*', serveSigned('render'));
}
