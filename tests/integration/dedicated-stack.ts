// A stack of a test's own (its own limits, secret or settings), on PGlite or, with STACK_DB=postgres,
// in a fresh database on TEST_DATABASE_URL; restartable on the same data. Plus raw HTTP from a chosen
// loopback source address (Linux accepts any 127.x), to act as different clients.
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startStack } from '../../supabase/local/server';
import type { RunningStack, StartStackOptions } from '../../supabase/local/types';

export interface DedicatedStack {
  running: RunningStack;
  /** Stops the stack and starts it again on the same data. */
  restart(): Promise<RunningStack>;
  dispose(): Promise<void>;
}

async function withEnv<T>(env: Record<string, string | undefined>, fn: () => Promise<T>): Promise<T> {
  const saved = Object.fromEntries(Object.keys(env).map((k) => [k, process.env[k]]));
  const apply = (values: Record<string, string | undefined>) => {
    for (const [k, v] of Object.entries(values)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  };
  apply(env);
  try {
    return await fn();
  } finally {
    apply(saved);
  }
}

async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** `env` is applied while the stack starts (the auth limits are read then); undefined unsets a variable. */
export async function startDedicatedStack(
  env: Record<string, string | undefined>,
  opts: StartStackOptions = {},
): Promise<DedicatedStack> {
  const base: StartStackOptions = { port: 0, seed: false, quiet: true, ...opts };
  let where: StartStackOptions;
  let drop: () => Promise<void>;
  if (process.env.STACK_DB === 'postgres') {
    const name = `motorly_sec_${process.pid}_${Date.now()}`;
    await adminQuery(`create database ${name}`);
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${name}`;
    where = { databaseUrl: url.toString() };
    drop = () => adminQuery(`drop database if exists ${name} with (force)`);
  } else {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'motorly-sec-'));
    where = { dataDir: dir, databaseUrl: '' };
    drop = async () => rmSync(dir, { recursive: true, force: true });
  }
  const start = () => withEnv(env, () => startStack({ ...base, ...where }));
  const handle: DedicatedStack = {
    running: await start(),
    async restart() {
      await handle.running.close();
      handle.running = await start();
      return handle.running;
    },
    async dispose() {
      await handle.running.close();
      await drop();
    },
  };
  return handle;
}

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  json<T = Record<string, unknown>>(): T;
}

/** One HTTP request whose socket is bound to `localAddress` (e.g. 127.0.0.2). */
export function requestFrom(
  localAddress: string,
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: unknown } = {},
): Promise<RawResponse> {
  const payload = init.body === undefined ? undefined : JSON.stringify(init.body);
  const headers = { ...(payload ? { 'content-type': 'application/json' } : {}), ...(init.headers ?? {}) };
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: init.method ?? 'GET', headers, localAddress, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body, json: <T>() => JSON.parse(body) as T });
      });
    });
    req.on('error', reject);
    req.end(payload);
  });
}
