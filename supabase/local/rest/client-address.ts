// X-Forwarded-For as the database sees it in request.headers: its first entry is the client address the
// rate limits key on (public.request_client_address()), as behind Supabase's gateway. The socket's address
// replaces whatever the client sent (a forged header would dodge the limits), unless the stack runs behind
// a proxy it trusts (STACK_TRUST_PROXY=1), which sets the header itself.
import type { IncomingMessage } from 'node:http';
import type { Context } from 'hono';

export function forwardedFor(sent: string | undefined, socketAddress: string | undefined, trustProxy: boolean): string {
  if (trustProxy && sent?.trim()) return sent;
  const addr = socketAddress ?? 'unknown';
  return addr.startsWith('::ffff:') ? addr.slice(7) : addr;
}

/** The request's headers for request.headers, with X-Forwarded-For set as above. */
export function headersForDatabase(c: Context, trustProxy: boolean, omit: readonly string[]): Record<string, string> {
  const headers = Object.fromEntries(Object.entries(c.req.header()).filter(([k]) => !omit.includes(k)));
  const socket = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming?.socket;
  headers['x-forwarded-for'] = forwardedFor(headers['x-forwarded-for'], socket?.remoteAddress, trustProxy);
  return headers;
}
