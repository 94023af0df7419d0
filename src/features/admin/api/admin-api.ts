// The one module for server reads that only an online admin needs (admin lists, security events).
// Everything else a view shows comes from the local store; admin lists are not synced to devices,
// so they are read from the API on demand and RLS (is_admin()) decides what comes back. Screens
// call these through useAdminRead() (api/use-admin-read.ts), never getSupabase() themselves.
import { getSupabase, type SupabaseClient } from '@/sync/client';

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

/** The admin-only RPCs (migration 20261123002000_admin_rpcs.sql); each refuses non-admins with 42501. */
export interface AdminCounts {
  users: number;
  listings: number;
  reviews: number;
  leads: number;
}
export interface WebVitalP75 {
  metric: string;
  p75: number;
  samples: number;
}
export interface RlsStatus {
  table_name: string;
  rls_enabled: boolean;
}
export interface AdminUser {
  user_id: string;
  email: string;
  is_admin: boolean;
}

/** Devices reporting ops parked in "needs attention" (admin_sync_health, migration 20261123002410). */
export interface ParkedClient {
  client_id: string;
  /** The account it reported for; null when signed out. */
  email: string | null;
  parked_count: number;
  reported_at: string;
}
export interface SyncHealthSummary {
  clients_with_parked: number;
  total_parked: number;
  /** The newest report of any device (null: none yet). */
  last_report_at: string | null;
  /** The most recently reporting devices with parked ops (at most 20). */
  clients: ParkedClient[];
}

async function adminRpc<T>(fn: string, args: Record<string, unknown>, client: SupabaseClient): Promise<T> {
  const { data, error, status } = await client.rpc(fn, args);
  if (error) throw new AdminReadError(status || (error.code === '42501' ? 403 : 500));
  return data as T;
}

export const fetchAdminCounts = (client: SupabaseClient = getSupabase()) =>
  adminRpc<AdminCounts>('admin_counts', {}, client);
export const fetchWebVitalsP75 = (client: SupabaseClient = getSupabase()) =>
  adminRpc<WebVitalP75[]>('admin_web_vitals', {}, client);
export const fetchSyncHealth = (client: SupabaseClient = getSupabase()) =>
  adminRpc<SyncHealthSummary>('admin_sync_health', {}, client);
export const fetchRlsStatus = (client: SupabaseClient = getSupabase()) =>
  adminRpc<RlsStatus[]>('admin_rls_status', {}, client);
/** Admins (empty query) or users whose e-mail contains `query`. */
export const fetchAdminUsers = (query: string, client: SupabaseClient = getSupabase()) =>
  adminRpc<AdminUser[]>('admin_users', { p_query: query }, client);

/** A refused role change, with the server's reason when it is one a user should read. */
export class RoleChangeError extends Error {}

export async function setAdminRole(
  userId: string,
  isAdmin: boolean,
  client: SupabaseClient = getSupabase(),
): Promise<void> {
  const { error } = await client.rpc('admin_set_role', { p_user_id: userId, p_is_admin: isAdmin });
  if (!error) return;
  if (error.message.includes('last admin')) throw new RoleChangeError('The last admin cannot be revoked.');
  if (error.code === '42501') throw new RoleChangeError('You do not have permission to perform this action.');
  throw new RoleChangeError('The role could not be changed. Please try again.');
}
