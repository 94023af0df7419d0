// Rate limits of SPEC §9 with the default limits, on a dedicated stack (the shared one raises them).
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack } from '../../supabase/local/server';
import type { RunningStack } from '../../supabase/local/types';

const PASSWORD = 'Gearbox!Tyre-Pressure9';
let running: RunningStack;
let dir: string;

function client(key: string): SupabaseClient {
  return createClient(running.url, key, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
  });
}

beforeAll(async () => {
  const saved = { signin: process.env.AUTH_RATE_LIMIT_SIGNIN, signup: process.env.AUTH_RATE_LIMIT_SIGNUP };
  delete process.env.AUTH_RATE_LIMIT_SIGNIN;
  delete process.env.AUTH_RATE_LIMIT_SIGNUP;
  dir = mkdtempSync(path.join(os.tmpdir(), 'motorly-ratelimit-'));
  try {
    running = await startStack({ port: 0, dataDir: dir, databaseUrl: '', seed: false, quiet: true });
  } finally {
    if (saved.signin !== undefined) process.env.AUTH_RATE_LIMIT_SIGNIN = saved.signin;
    if (saved.signup !== undefined) process.env.AUTH_RATE_LIMIT_SIGNUP = saved.signup;
  }
});

afterAll(async () => {
  await running?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('auth rate limits (defaults)', () => {
  it('the 6th sign-in attempt for an e-mail within 15 minutes gets 429, even with the right password', async () => {
    const email = `limited-${Date.now()}@example.com`;
    const created = await client(running.serviceRoleKey).auth.admin.createUser({
      email,
      password: PASSWORD,
      email_confirm: true,
    });
    expect(created.error).toBeNull();
    for (let i = 0; i < 5; i += 1) {
      const { error } = await client(running.anonKey).auth.signInWithPassword({ email, password: 'Wrong!Password-77' });
      expect(error?.code).toBe('invalid_credentials');
    }
    const sixth = await client(running.anonKey).auth.signInWithPassword({ email, password: PASSWORD });
    expect(sixth.error?.status).toBe(429);
    expect(sixth.error?.code).toBe('over_request_rate_limit');
    expect(sixth.error?.message).toBe('Too many attempts. Please try again later.');
    // Another account is unaffected.
    const other = `other-${Date.now()}@example.com`;
    await client(running.serviceRoleKey).auth.admin.createUser({
      email: other,
      password: PASSWORD,
      email_confirm: true,
    });
    expect(
      (await client(running.anonKey).auth.signInWithPassword({ email: other, password: PASSWORD })).error,
    ).toBeNull();

    const events = await running.db.query<{ event_type: string; n: number }>(
      `select event_type, count(*)::int as n from public.security_events where email = $1 group by event_type`,
      [email],
    );
    const counts = Object.fromEntries(events.rows.map((r) => [r.event_type, Number(r.n)]));
    expect(counts).toMatchObject({ sign_in_failed: 5, rate_limited: 1 });
  });

  it('the 4th sign-up from one IP within 15 minutes gets 429', async () => {
    for (let i = 0; i < 3; i += 1) {
      const { error } = await client(running.anonKey).auth.signUp({
        email: `signup-${i}-${Date.now()}@example.com`,
        password: PASSWORD,
      });
      expect(error).toBeNull();
    }
    const fourth = await client(running.anonKey).auth.signUp({
      email: `signup-4-${Date.now()}@example.com`,
      password: PASSWORD,
    });
    expect(fourth.error?.status).toBe(429);
    expect(fourth.error?.message).toBe('Too many attempts. Please try again later.');
  });
});
