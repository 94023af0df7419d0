// Realtime bridge: postgres_changes for the user's notifications, price alerts and leads and for
// public listings and reviews, written into the local store. Realtime is only a hint: every
// (re)subscribe asks the engine for a catch-up pull, which covers anything missed meanwhile.
import type { RealtimeChannel, RealtimePostgresChangesPayload, SupabaseClient } from '@supabase/supabase-js';
import type { SyncStore, SyncTableName } from '@/data';

export const USER_REALTIME_TABLES: SyncTableName[] = ['notifications', 'price_alerts', 'leads'];
export const PUBLIC_REALTIME_TABLES: SyncTableName[] = ['vehicle_listings', 'reviews'];

type Change = RealtimePostgresChangesPayload<Record<string, unknown>>;

export interface RealtimeBridge {
  close(): Promise<void>;
}

export interface RealtimeOptions {
  client: SupabaseClient;
  store: SyncStore;
  userId: string | null;
  /** Called after every successful (re)subscribe: the engine runs a catch-up pull. */
  onSubscribed: () => void;
  /** Called after a change was written locally (status/UI hints). */
  onChange?: (table: SyncTableName, type: Change['eventType'], rowId: string | null) => void;
}

/** Writes one change into the store (never over a row with pending local ops: the store checks). */
export async function applyChange(store: SyncStore, table: SyncTableName, change: Change): Promise<void> {
  if (change.eventType === 'DELETE') {
    const id = (change.old as { id?: unknown }).id;
    if (typeof id === 'string') await store.applyDeleted(table, [id]);
    return;
  }
  const row = change.new as Record<string, unknown>;
  if (typeof row.id === 'string') await store.applyPulled(table, [row]);
}

function changedRowId(change: Change): string | null {
  const row = (change.eventType === 'DELETE' ? change.old : change.new) as { id?: unknown };
  return typeof row.id === 'string' ? row.id : null;
}

/** Subscribes; the channel is rebuilt by the caller when the user changes. */
export function subscribeRealtime(opts: RealtimeOptions): RealtimeBridge {
  const { client, store, userId } = opts;
  const channel: RealtimeChannel = client.channel(
    `motorly-sync-${userId ?? 'public'}-${crypto.randomUUID().slice(0, 8)}`,
  );
  const tables: { table: SyncTableName; filter?: string }[] = [
    ...PUBLIC_REALTIME_TABLES.map((table) => ({ table })),
    ...(userId ? USER_REALTIME_TABLES.map((table) => ({ table, filter: `user_id=eq.${userId}` })) : []),
  ];
  // Changes are applied one after another so an UPDATE can't overtake its INSERT.
  let chain: Promise<void> = Promise.resolve();
  for (const { table, filter } of tables) {
    channel.on(
      'postgres_changes',
      { event: '*', schema: 'public', table, ...(filter ? { filter } : {}) },
      (change: Change) => {
        chain = chain
          .then(() => applyChange(store, table, change))
          .then(() => opts.onChange?.(table, change.eventType, changedRowId(change)))
          .catch(() => undefined);
      },
    );
  }
  channel.subscribe((status) => {
    if (status === 'SUBSCRIBED') opts.onSubscribed();
  });
  return {
    async close() {
      await client.removeChannel(channel);
    },
  };
}
