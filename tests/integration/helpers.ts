// Shared helpers for integration tests: real supabase-js clients against the stack started by
// tests/setup/integration-global.ts.
import { randomUUID } from 'node:crypto';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { inject } from 'vitest';

export const stack = () => inject('stack');

function client(key: string, accessToken?: string): SupabaseClient {
  return createClient(stack().url, key, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
    global: accessToken ? { headers: { Authorization: `Bearer ${accessToken}` } } : undefined,
  });
}

export const anonClient = (): SupabaseClient => client(stack().anonKey);
export const serviceClient = (): SupabaseClient => client(stack().serviceRoleKey);
/** A client that sends a given (possibly forged) bearer token. */
export const tokenClient = (token: string): SupabaseClient => client(stack().anonKey, token);

export const uniqueEmail = (prefix = 'user'): string => `${prefix}-${randomUUID().slice(0, 8)}@example.com`;
export const DEFAULT_PASSWORD = 'Correct-Horse-Battery-9';

/** Creates a confirmed user through the service-role admin API. */
export async function createUser(email: string, password = DEFAULT_PASSWORD): Promise<{ id: string; email: string }> {
  const { data, error } = await serviceClient().auth.admin.createUser({ email, password, email_confirm: true });
  if (error || !data.user) throw new Error(`createUser failed: ${error?.message ?? 'no user'}`);
  return { id: data.user.id, email };
}

/** Signs in with the password grant and returns the signed-in client. */
export async function userClient(email: string, password = DEFAULT_PASSWORD): Promise<SupabaseClient> {
  const c = anonClient();
  const { error } = await c.auth.signInWithPassword({ email, password });
  if (error) throw new Error(`sign-in failed for ${email}: ${error.message}`);
  return c;
}

/** Raw fetch against the Data API with the given key as apikey and bearer. */
export function rest(pathAndQuery: string, init: RequestInit & { token?: string } = {}): Promise<Response> {
  const token = init.token ?? stack().anonKey;
  const headers = new Headers(init.headers);
  if (!headers.has('apikey')) headers.set('apikey', stack().anonKey);
  if (!headers.has('authorization')) headers.set('authorization', `Bearer ${token}`);
  return fetch(`${stack().url}/rest/v1${pathAndQuery}`, { ...init, headers });
}
