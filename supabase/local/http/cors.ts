// CORS with an allow-list (Supabase's gateway allows configured origins): a known Origin is echoed,
// an unknown one gets no Access-Control-Allow-Origin and its preflight is refused. Requests without
// an Origin (server to server, tests, curl) are not CORS requests and pass untouched.
import type { MiddlewareHandler } from 'hono';
import { cors } from 'hono/cors';

const EXPOSED = [
  'Content-Range',
  'Content-Profile',
  'Content-Location',
  'Range-Unit',
  'Preference-Applied',
  'x-supabase-api-version',
  'x-relay-error',
];

export function corsAllowList(allowed: readonly string[]): MiddlewareHandler {
  const any = allowed.includes('*');
  const known = new Set(allowed);
  const isAllowed = (origin: string) => any || known.has(origin);
  const inner = cors({
    origin: (origin) => (origin && isAllowed(origin) ? origin : null),
    allowMethods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    exposeHeaders: EXPOSED,
    maxAge: 86400,
  });
  return async (c, next) => {
    const origin = c.req.header('origin');
    if (origin && !isAllowed(origin) && c.req.method === 'OPTIONS' && c.req.header('access-control-request-method')) {
      return c.json({ code: 'cors_origin_not_allowed', message: 'Origin not allowed' }, 403, { Vary: 'Origin' });
    }
    return inner(c, next);
  };
}
