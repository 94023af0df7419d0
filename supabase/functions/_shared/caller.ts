// Who is calling an edge function: the service role (server-side callers), a signed-in user
// (verified by Supabase Auth), or nobody.
import { createClient } from '@supabase/supabase-js';

export type Caller =
  | { kind: 'service' }
  | { kind: 'user'; id: string; email: string | null; emailConfirmed: boolean; token: string }
  | { kind: 'anonymous' };

export type FunctionEnv = Record<string, string | undefined>;

export function requireEnv(env: FunctionEnv, name: string): string {
  const value = env[name];
  if (!value) throw new Error(`Missing environment variable ${name}`);
  return value;
}

function bearer(req: Request): string | null {
  const header = req.headers.get('authorization') ?? '';
  const m = /^bearer\s+(.+)$/i.exec(header.trim());
  return m ? m[1].trim() : null;
}

export async function identifyCaller(req: Request, env: FunctionEnv): Promise<Caller> {
  const token = bearer(req);
  if (!token) return { kind: 'anonymous' };
  if (env.SUPABASE_SERVICE_ROLE_KEY && token === env.SUPABASE_SERVICE_ROLE_KEY) return { kind: 'service' };
  if (env.SUPABASE_ANON_KEY && token === env.SUPABASE_ANON_KEY) return { kind: 'anonymous' };
  const auth = createClient(requireEnv(env, 'SUPABASE_URL'), requireEnv(env, 'SUPABASE_ANON_KEY'), {
    auth: { persistSession: false, autoRefreshToken: false },
  });
  const { data, error } = await auth.auth.getUser(token);
  if (error || !data.user) return { kind: 'anonymous' };
  const emailConfirmed = Boolean(data.user.email_confirmed_at);
  return { kind: 'user', id: data.user.id, email: data.user.email ?? null, emailConfirmed, token };
}

/**
 * A client that reads as the caller: a user's requests run under their JWT, so row level security hides
 * what it hides from them (e.g. unpublished reviews). Only the service role gets the service-role client.
 */
export function callerClient(caller: Exclude<Caller, { kind: 'anonymous' }>, env: FunctionEnv) {
  if (caller.kind === 'service') return adminClient(env);
  return createClient(requireEnv(env, 'SUPABASE_URL'), requireEnv(env, 'SUPABASE_ANON_KEY'), {
    auth: { persistSession: false, autoRefreshToken: false },
    global: { headers: { Authorization: `Bearer ${caller.token}` } },
  });
}

/** A service-role client for server-side writes (and reads on the service role's own behalf). */
export function adminClient(env: FunctionEnv) {
  return createClient(requireEnv(env, 'SUPABASE_URL'), requireEnv(env, 'SUPABASE_SERVICE_ROLE_KEY'), {
    auth: { persistSession: false, autoRefreshToken: false },
  });
}
