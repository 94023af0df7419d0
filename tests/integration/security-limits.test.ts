// Issue 9 items 6 and 7 against the stack: the CORS allow-list, the Data API statement timeout, the
// embed cap (a fan-out GET is cut off while a small query still answers) and the beacon rate limit.
// A dedicated stack (own origins, a short timeout) where the shared one's defaults do not fit.
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack } from '../../supabase/local/server';
import type { RunningStack } from '../../supabase/local/types';
import { rest, stack } from './helpers';

const APP_ORIGIN = 'http://app.motorly.test:5182';
const TIMEOUT_MS = 300;
let own: RunningStack;
let cleanup: () => Promise<void>;

async function ownDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('STACK_DB=postgres needs TEST_DATABASE_URL');
  const name = `motorly_limits_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

beforeAll(async () => {
  const opts = { port: 0, seed: false, quiet: true, allowedOrigins: [APP_ORIGIN], statementTimeoutMs: TIMEOUT_MS };
  if (process.env.STACK_DB === 'postgres') {
    const database = await ownDatabase();
    own = await startStack({ ...opts, databaseUrl: database.url });
    cleanup = database.drop;
  } else {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'motorly-limits-'));
    own = await startStack({ ...opts, dataDir: dir, databaseUrl: '' });
    cleanup = async () => rmSync(dir, { recursive: true, force: true });
  }
  await own.db.exec(`
    create or replace function public.limits_test_timeout() returns text
      language sql stable as $$ select current_setting('statement_timeout') $$;
    create or replace function public.limits_test_sleep(ms integer) returns integer
      language sql volatile as $$ select ms from pg_sleep(ms / 1000.0) $$;`);
}, 120_000);

afterAll(async () => {
  await own?.close();
  await cleanup?.();
});

const ownRest = (pathAndQuery: string, init: RequestInit & { key?: string } = {}) => {
  const key = init.key ?? own.anonKey;
  const headers = new Headers(init.headers);
  headers.set('apikey', key);
  headers.set('authorization', `Bearer ${key}`);
  return fetch(`${own.url}/rest/v1${pathAndQuery}`, { ...init, headers });
};

describe('CORS allow-list', () => {
  const preflight = (origin: string) =>
    fetch(`${own.url}/rest/v1/brands`, {
      method: 'OPTIONS',
      headers: { Origin: origin, 'Access-Control-Request-Method': 'GET', 'Access-Control-Request-Headers': 'apikey' },
    });

  it('answers the app origin and refuses an unknown one', async () => {
    const ok = await preflight(APP_ORIGIN);
    expect(ok.status).toBeLessThan(300);
    expect(ok.headers.get('access-control-allow-origin')).toBe(APP_ORIGIN);

    const evil = await preflight('https://evil.example');
    expect(evil.status).toBe(403);
    expect(evil.headers.get('access-control-allow-origin')).toBeNull();
    expect(await evil.json()).toMatchObject({ code: 'cors_origin_not_allowed' });

    const simple = await ownRest('/brands?select=id&limit=1', { headers: { Origin: 'https://evil.example' } });
    expect(simple.headers.get('access-control-allow-origin')).toBeNull();
    const auth = await fetch(`${own.url}/auth/v1/settings`, {
      headers: { Origin: 'https://evil.example', apikey: own.anonKey },
    });
    expect(auth.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('still serves requests without an Origin (server to server)', async () => {
    const res = await ownRest('/brands?select=id&limit=1');
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('statement timeout', () => {
  it('sets the timeout on anon and authenticated requests, not on service_role', async () => {
    const anon = await ownRest('/rpc/limits_test_timeout', {
      method: 'POST',
      body: '{}',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(await anon.json()).toBe(`${TIMEOUT_MS}ms`);
    const svc = await ownRest('/rpc/limits_test_timeout', {
      method: 'POST',
      body: '{}',
      headers: { 'Content-Type': 'application/json' },
      key: own.serviceRoleKey,
    });
    expect(await svc.json()).not.toBe(`${TIMEOUT_MS}ms`);
  });

  // PGlite runs in a worker thread whose statement timer cancels as a server does (pglite-timer.ts).
  it('cancels a slow request with 57014 as PostgREST does', async () => {
    const started = Date.now();
    const res = await ownRest('/rpc/limits_test_sleep', {
      method: 'POST',
      body: JSON.stringify({ ms: 3000 }),
      headers: { 'Content-Type': 'application/json' },
    });
    expect(Date.now() - started).toBeLessThan(2000);
    expect(res.status).toBe(500);
    expect(await res.json()).toMatchObject({ code: '57014', message: 'canceling statement due to statement timeout' });
  });
});

describe('embed cap (shared, seeded stack)', () => {
  it('cuts a 4-level fan-out off while a small concurrent query answers in under a second', async () => {
    const heavy = rest('/brands?select=*,car_models(*,vehicle_listings(*,listing_price_history(*)))');
    await new Promise((r) => setTimeout(r, 20));
    const started = Date.now();
    const small = await rest('/brands?select=id,slug&limit=1');
    const smallMs = Date.now() - started;
    expect(small.status).toBe(200);
    expect(smallMs).toBeLessThan(1000);

    const res = await heavy;
    expect(res.status).toBe(400);
    const body = (await res.json()) as { code: string; message: string; hint: string };
    expect(body).toMatchObject({ code: 'PGRST190', message: 'Too many embedded rows' });
    expect(body.hint).toMatch(/limit/i);
  });

  it('keeps normal embeds, including limited to-many ones', async () => {
    const res = await rest(
      '/brands?select=slug,car_models(slug,vehicle_listings(id))&car_models.vehicle_listings.limit=2&limit=3',
    );
    expect(res.status).toBe(200);
    const rows = (await res.json()) as { car_models: { vehicle_listings: unknown[] }[] }[];
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((b) => b.car_models.every((m) => m.vehicle_listings.length <= 2))).toBe(true);
    const toOne = await rest('/vehicle_listings?select=id,dealers(name)&limit=1000');
    expect(toOne.status).toBe(200);
  });
});

/** POST from a given loopback address, so this test's bucket is its own. */
function postFrom(localAddress: string, pathname: string, body: string): Promise<{ status: number; body: string }> {
  const url = new URL(pathname, stack().url);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        localAddress,
        headers: { 'Content-Type': 'application/json' },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

describe('beacon rate limits', () => {
  it('answers 429 JSON once an address has spent its bucket, and other addresses still get through', async () => {
    const beacon = JSON.stringify({ name: 'LCP', value: 1234, rating: 'good' });
    const statuses: number[] = [];
    let limited: { status: number; body: string } | null = null;
    for (let i = 0; i < 80 && !limited; i++) {
      const res = await postFrom('127.0.0.2', i % 2 ? '/api/web-vitals' : '/api/performance', beacon);
      statuses.push(res.status);
      if (res.status === 429) limited = res;
    }
    expect(statuses.slice(0, 60).every((s) => s === 204)).toBe(true);
    expect(limited).not.toBeNull();
    expect(JSON.parse(limited!.body)).toMatchObject({ code: 'over_request_rate_limit' });
    expect((await postFrom('127.0.0.3', '/api/web-vitals', beacon)).status).toBe(204);
  });
});
