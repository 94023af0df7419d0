// HTTP from a chosen loopback address (127.x.y.z), so tests of per-address limits do not share the
// one address every other test uses: a raw request helper and a fetch for supabase-js.
import http from 'node:http';
import { randomInt } from 'node:crypto';

/** A fresh loopback address other than 127.0.0.1. */
export const loopbackAddress = (): string => `127.${randomInt(1, 255)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

export function requestFrom(
  localAddress: string,
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string | Buffer } = {},
): Promise<RawResponse> {
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname + target.search,
        method: init.method ?? 'GET',
        headers: init.headers,
        localAddress,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString() }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(init.body);
  });
}

/** A fetch whose connections leave from localAddress (for supabase-js `global.fetch`). */
export function fetchFrom(localAddress: string): typeof fetch {
  return async (input, init) => {
    const req = new Request(input, init);
    const body = req.body ? Buffer.from(await req.arrayBuffer()) : undefined;
    const headers = Object.fromEntries(req.headers);
    const res = await requestFrom(localAddress, req.url, { method: req.method, headers, body });
    const answer = new Headers();
    for (const [k, v] of Object.entries(res.headers)) {
      for (const value of Array.isArray(v) ? v : v === undefined ? [] : [v]) answer.append(k, value);
    }
    const empty = res.status === 204 || res.status === 304 || req.method === 'HEAD';
    return new Response(empty ? null : res.text, { status: res.status, headers: answer });
  };
}
