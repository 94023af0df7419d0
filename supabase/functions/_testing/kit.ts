// Test kit for the edge functions' own tests: the same file runs under Deno (`npm run test:deno`, with
// the function's deno.json, as the Edge Runtime loads it) and under vitest (`npm run test:unit`).
// Never imported by a function itself, so it is never deployed.
// Web-standard only (no node: imports, no std library download), like the functions themselves.

/** Structural equality of JSON-like values (primitives, arrays, plain objects). */
function equal(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  const ra = a as Record<string, unknown>;
  const rb = b as Record<string, unknown>;
  return ka.length === kb.length && ka.every((k) => Object.hasOwn(rb, k) && equal(ra[k], rb[k]));
}

export function assertEquals(actual: unknown, expected: unknown, message?: string): void {
  if (!equal(actual, expected)) {
    throw new Error(message ?? `Expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`);
  }
}

export function assert(condition: unknown, message = 'Assertion failed'): asserts condition {
  if (!condition) throw new Error(message);
}

export function assertMatch(actual: string, pattern: RegExp): void {
  if (!pattern.test(actual)) throw new Error(`Expected ${JSON.stringify(actual)} to match ${pattern}`);
}

type TestFn = () => void | Promise<void>;
type Register = (name: string, fn: TestFn) => void;

const deno = (globalThis as { Deno?: { test: Register } }).Deno;
// Through a variable so Deno never resolves it: vitest is in no function's import map.
const VITEST = 'vitest';

/** Registers a test with whichever runner loaded this file. */
export const test: Register = deno
  ? (name, fn) => deno.test(name, fn)
  : ((await import(/* @vite-ignore */ VITEST)) as { test: Register }).test;

export interface SeenRequest {
  method: string;
  url: URL;
  headers: Headers;
  body: unknown;
}

type Route = (req: SeenRequest) => Response | Promise<Response>;

/**
 * Replaces the global fetch (what supabase-js and the mailer call) with `route` until `restore()`; every
 * request is kept in `calls`. The handler under test runs unchanged.
 */
export function fakeFetch(route: Route): { calls: SeenRequest[]; restore(): void } {
  const original = globalThis.fetch;
  const calls: SeenRequest[] = [];
  globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const req = new Request(input, init);
    const text = req.method === 'GET' || req.method === 'HEAD' ? '' : await req.text();
    const seen = {
      method: req.method,
      url: new URL(req.url),
      headers: req.headers,
      body: text ? JSON.parse(text) : null,
    };
    calls.push(seen);
    return route(seen);
  };
  return { calls, restore: () => void (globalThis.fetch = original) };
}

/** Runs `fn` with fetch faked by `route`, restoring it afterwards. */
export async function withFetch<T>(route: Route, fn: (calls: SeenRequest[]) => Promise<T>): Promise<T> {
  const fake = fakeFetch(route);
  try {
    return await fn(fake.calls);
  } finally {
    fake.restore();
  }
}

export const jsonResponse = (body: unknown, status = 200): Response =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A POST to a function with an optional bearer token. */
export function functionRequest(body: unknown, token?: string): Request {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  return new Request('http://functions.local/', { method: 'POST', headers, body: JSON.stringify(body) });
}

/** What the local stack passes (supabase/local/functions/index.ts functionEnv), with test keys. */
export const TEST_ENV: Record<string, string> = {
  SUPABASE_URL: 'http://stack.local',
  SUPABASE_ANON_KEY: 'anon-key',
  SUPABASE_SERVICE_ROLE_KEY: 'service-key',
  SITE_URL: 'http://site.local',
};
