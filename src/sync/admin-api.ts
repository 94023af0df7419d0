// The one module for server reads that only an online admin needs (admin lists, security events).
// Everything else a view shows comes from the local store; admin lists are not synced to devices,
// so they are read from the API on demand and RLS (is_admin()) decides what comes back. Screens
// call these through useAdminRead() (sync/use-admin-read.ts), never getSupabase() themselves.
import type { SupabaseClient } from '@supabase/supabase-js';
import { getSupabase } from './supabase-client';

/** Tables whose rows only an admin can read (RLS policies *_admin_read). */
export const ADMIN_TABLES = [
  'error_reports',
  'security_events',
  'performance_metrics',
  'newsletter_subscriptions',
] as const;
export type AdminTable = (typeof ADMIN_TABLES)[number];

/** A failed admin read, with a message fit to show (never the server's SQL text). */
export class AdminReadError extends Error {
  constructor(public readonly status: number) {
    super(
      status === 401 || status === 403
        ? 'You do not have access to this page.'
        : 'The data could not be loaded. Please try again.',
    );
    this.name = 'AdminReadError';
  }
}

/** Whether the signed-in user is an admin (rpc is_admin); false when signed out or on any error. */
export async function fetchIsAdmin(client: SupabaseClient = getSupabase()): Promise<boolean> {
  try {
    const { data, error } = await client.rpc('is_admin');
    return !error && data === true;
  } catch {
    return false;
  }
}

export interface AdminListOptions {
  /** At most this many rows, newest first (default 50, capped at 500). */
  limit?: number;
}

/** The newest rows of an admin-only table. Rejects with AdminReadError; an empty list means none or no access. */
export async function fetchAdminList<T = Record<string, unknown>>(
  table: AdminTable,
  opts: AdminListOptions = {},
  client: SupabaseClient = getSupabase(),
): Promise<T[]> {
  const limit = Math.min(500, Math.max(1, Math.floor(opts.limit ?? 50)));
  const { data, error, status } = await client
    .from(table)
    .select('*')
    .order('created_at', { ascending: false })
    .limit(limit);
  if (error) throw new AdminReadError(status);
  return (data ?? []) as T[];
}
