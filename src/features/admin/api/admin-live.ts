// Live admin lists: a realtime subscription to an admin-only table (RLS lets only admins hear its
// rows). Like the sync bridge, an event is a hint to read the list again, not data to merge: the read
// after each (re)subscribe also covers what happened while the channel was down.
import type { AdminTable } from './admin-api';
import { getSupabase, type RealtimeChannel, type SupabaseClient } from '@/sync/client';

/** Events within this long of the first cause one read. */
export const ADMIN_LIVE_DEBOUNCE_MS = 250;

export interface AdminWatch {
  close(): void;
}

/**
 * Calls `onChange` once subscribed and shortly after rows of `table` are inserted, updated or deleted.
 * @param table an admin-only table, or sync_health_reports
 */
export function watchAdminTable(
  table: AdminTable | 'sync_health_reports',
  onChange: () => void,
  client: SupabaseClient = getSupabase(),
): AdminWatch {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let closed = false;
  const soon = () => {
    if (closed || timer !== null) return;
    timer = setTimeout(() => {
      timer = null;
      if (!closed) onChange();
    }, ADMIN_LIVE_DEBOUNCE_MS);
  };
  const channel: RealtimeChannel = client
    .channel(`motorly-admin-${table}-${crypto.randomUUID().slice(0, 8)}`)
    .on('postgres_changes', { event: '*', schema: 'public', table }, soon)
    .subscribe((status) => {
      if (status === 'SUBSCRIBED') soon();
    });
  return {
    close() {
      closed = true;
      if (timer !== null) clearTimeout(timer);
      void client.removeChannel(channel);
    },
  };
}
