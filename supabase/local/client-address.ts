// The client address every part of the stack keys its rate limits on (auth, the Data API's
// request.headers, the beacon endpoints). The socket's address, unless the socket is a proxy listed in
// STACK_TRUSTED_PROXIES (comma-separated; AUTH_TRUSTED_PROXIES is read as the older name): then the
// right-most X-Forwarded-For hop that is not a trusted proxy, as GoTrue and Supabase's gateway do.
// A client's own X-Forwarded-For is never believed (a forged header would dodge the limits).
import type { IncomingMessage } from 'node:http';
import type { Context } from 'hono';

const plain = (addr: string) => (addr.startsWith('::ffff:') ? addr.slice(7) : addr);

export function trustedProxies(env: NodeJS.ProcessEnv = process.env): Set<string> {
  const list = env.STACK_TRUSTED_PROXIES ?? env.AUTH_TRUSTED_PROXIES ?? '';
  return new Set(
    list
      .split(',')
      .map((a) => plain(a.trim()))
      .filter(Boolean),
  );
}

/** The client address for a request that came from `socketAddress` with this X-Forwarded-For header. */
export function clientAddress(
  forwarded: string | undefined,
  socketAddress: string | undefined,
  trusted: ReadonlySet<string>,
): string {
  const addr = plain(socketAddress ?? 'unknown');
  if (!forwarded || !trusted.has(addr)) return addr;
  const hops = forwarded
    .split(',')
    .map((h) => plain(h.trim()))
    .filter(Boolean);
  return [...hops].reverse().find((h) => !trusted.has(h)) ?? addr;
}

export function clientIp(c: Context): string {
  const socket = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming?.socket;
  return clientAddress(c.req.header('x-forwarded-for'), socket?.remoteAddress, trustedProxies());
}

/** The request's headers for the database's request.headers, X-Forwarded-For replaced by the client address. */
export function headersForDatabase(c: Context, omit: readonly string[]): Record<string, string> {
  const headers = Object.fromEntries(Object.entries(c.req.header()).filter(([k]) => !omit.includes(k)));
  headers['x-forwarded-for'] = clientIp(c);
  return headers;
}
