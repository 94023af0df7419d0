// Server reads of the admin dashboard (issue 33, migration 20261128004200_admin_dashboard.sql): per-day
// figures for a range and the range before it, and the e-mails behind error reports. Admin-only RPCs
// (each refuses anyone else with 42501); screens call them through useAdminRead().
import { AdminReadError, type SyncHealthSummary } from './admin-api';
import { getSupabase, type SupabaseClient } from '@/sync/client';

/** The ranges the dashboard offers, in days (today included). */
export const DASHBOARD_RANGES = [7, 30, 90] as const;
export type DashboardRange = (typeof DASHBOARD_RANGES)[number];

/** Every per-day figure admin_dashboard returns. */
export const DASHBOARD_METRICS = [
  'signups',
  'listings_added',
  'listings_sold',
  'leads',
  'errors_low',
  'errors_medium',
  'errors_high',
  'errors_critical',
  'sync_failures',
] as const;
export type DashboardMetric = (typeof DASHBOARD_METRICS)[number];
export type DashboardFigures = Partial<Record<DashboardMetric, number>>;

export interface AdminDashboard {
  days: DashboardRange;
  /** First and last UK calendar day of the range (YYYY-MM-DD); the last is today. */
  first_day: string;
  last_day: string;
  /** Only the days that have a figure, oldest first; a missing metric or day is zero. */
  series: ({ day: string } & DashboardFigures)[];
  /** Totals of the same number of days before first_day. */
  previous: DashboardFigures;
}

async function rpc<T>(fn: string, args: Record<string, unknown>, client: SupabaseClient): Promise<T> {
  const { data, error, status } = await client.rpc(fn, args);
  if (error) throw new AdminReadError(status || (error.code === '42501' ? 403 : 500));
  return data as T;
}

/** The dashboard's figures for the last `days` days and the `days` before them. */
export const fetchAdminDashboard = (days: DashboardRange, client: SupabaseClient = getSupabase()) =>
  rpc<AdminDashboard>('admin_dashboard', { p_days: days }, client);

/** E-mail by user id for these users (at most 100; ids of deleted accounts are left out). */
export async function fetchUserEmails(
  userIds: readonly string[],
  client: SupabaseClient = getSupabase(),
): Promise<Record<string, string>> {
  const ids = [...new Set(userIds)].slice(0, 100);
  if (ids.length === 0) return {};
  const rows = await rpc<{ user_id: string; email: string }[]>('admin_user_emails', { p_user_ids: ids }, client);
  return Object.fromEntries(rows.map((r) => [r.user_id, r.email]));
}

/** Sync health (admin_sync_health) over the dashboard's range rather than its default 30 days. */
export const fetchSyncHealthFor = (days: DashboardRange, client: SupabaseClient = getSupabase()) =>
  rpc<SyncHealthSummary>('admin_sync_health', { p_days: days }, client);
