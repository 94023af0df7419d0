// Realtime bridge: postgres_changes for the user's notifications, price alerts, dealer memberships,
// saved searches, preferences, leads and lead messages and for public listings and reviews, written into
// the local store, and new tombstones (deleted_rows INSERTs, RLS-checked per subscriber): a row that was
// deleted or went out of view (an unpublished review) leaves the store at once. Realtime is only a hint:
// every (re)subscribe asks the engine for a catch-up pull, which covers anything missed meanwhile.
import type { RealtimeChannel, RealtimePostgresChangesPayload, SupabaseClient } from '@supabase/supabase-js';
import { knownTable, type SyncStore, type SyncTableName } from '@/data';
import { syncError, type SyncErrorEvent } from './sync-errors';

/** Rows owned by the user: filtered by user_id. */
export const USER_REALTIME_TABLES: SyncTableName[] = [
  'notifications',
  'price_alerts',
  'dealer_members',
  'saved_searches',
  'user_preferences',
];
/**
 * Rows shared between a buyer and a dealer's members (a dealer's leads carry the buyer's user_id):
 * no filter, RLS decides per subscriber, as it does for the pull.
 */
export const SHARED_REALTIME_TABLES: SyncTableName[] = ['leads', 'lead_messages'];
export const PUBLIC_REALTIME_TABLES: SyncTableName[] = ['vehicle_listings', 'reviews'];
/** The deletion log: an INSERT says a row of `table_name` is gone or no longer visible to us. */
export const TOMBSTONE_TABLE = 'deleted_rows';
type ChangeSource = SyncTableName | typeof TOMBSTONE_TABLE;

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
  /**
   * A change was not written because the row has pending local ops: the engine pulls after its
   * push, so the newer server row is not lost behind our own acknowledged write.
   */
  onSkipped?: (table: SyncTableName) => void;
  /** Applying a change or (re)subscribing failed. */
  onError: (event: SyncErrorEvent) => void;
}

/**
 * Writes one change into the store (never over a row with pending local ops: the store checks).
 * @returns false when an insert or update was skipped for that reason
 */
export async function applyChange(store: SyncStore, table: SyncTableName, change: Change): Promise<boolean> {
  if (change.eventType === 'DELETE') {
    const id = Reflect.get(change.old, 'id');
    if (typeof id === 'string') await store.applyDeleted(table, [id]);
    return true;
  }
  const row = change.new;
  if (typeof row.id !== 'string') return true;
  return (await store.applyPulled(table, [row])) > 0;
}

/**
 * Removes the row a new tombstone names (unless it has pending local ops: the store checks).
 * @returns the table and row it named, or null for a table this device does not sync
 */
export async function applyTombstone(
  store: SyncStore,
  change: Change,
): Promise<{ table: SyncTableName; rowId: string } | null> {
  if (change.eventType !== 'INSERT') return null; // a withdrawn tombstone: the row comes back by itself
  const { table_name: table, row_id: rowId } = change.new as { table_name?: unknown; row_id?: unknown };
  if (typeof table !== 'string' || typeof rowId !== 'string' || !knownTable(table)) return null;
  await store.applyDeleted(table, [rowId]);
  return { table, rowId };
}

/**
 * Applies changes one after another (an UPDATE can't overtake its INSERT); a failure becomes a
 * sync-error event and the chain goes on with the next change.
 */
export function changeApplier(opts: Pick<RealtimeOptions, 'store' | 'onChange' | 'onSkipped' | 'onError'>) {
  let chain: Promise<void> = Promise.resolve();
  return (table: ChangeSource, change: Change): Promise<void> => {
    chain = chain
      .then(async () => {
        if (table === TOMBSTONE_TABLE) {
          const gone = await applyTombstone(opts.store, change);
          if (gone) opts.onChange?.(gone.table, 'DELETE', gone.rowId);
          return;
        }
        if (!(await applyChange(opts.store, table, change))) opts.onSkipped?.(table);
        opts.onChange?.(table, change.eventType, changedRowId(change));
      })
      .catch((err: unknown) => opts.onError(syncError('realtime', err)));
    return chain;
  };
}

function changedRowId(change: Change): string | null {
  const row = (change.eventType === 'DELETE' ? change.old : change.new) as { id?: unknown };
  return typeof row.id === 'string' ? row.id : null;
}

/** Subscribes; the channel is rebuilt by the caller when the user changes. */
export function subscribeRealtime(opts: RealtimeOptions): RealtimeBridge {
  const { client, userId } = opts;
  const channel: RealtimeChannel = client.channel(
    `motorly-sync-${userId ?? 'public'}-${crypto.randomUUID().slice(0, 8)}`,
  );
  const tables: { table: ChangeSource; filter?: string; event?: 'INSERT' }[] = [
    ...PUBLIC_REALTIME_TABLES.map((table) => ({ table })),
    { table: TOMBSTONE_TABLE, event: 'INSERT' },
    ...(userId ? USER_REALTIME_TABLES.map((table) => ({ table, filter: `user_id=eq.${userId}` })) : []),
    ...(userId ? SHARED_REALTIME_TABLES.map((table) => ({ table })) : []),
  ];
  const apply = changeApplier(opts);
  for (const { table, filter, event } of tables) {
    channel.on(
      'postgres_changes',
      { event: event ?? '*', schema: 'public', table, ...(filter ? { filter } : {}) },
      (change: Change) => {
        void apply(table, change);
      },
    );
  }
  channel.subscribe((status, err) => {
    if (status === 'SUBSCRIBED') opts.onSubscribed();
    // supabase-js retries the join itself; the event says live updates are paused meanwhile.
    else if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT')
      opts.onError(syncError('realtime', err ?? new Error(`Realtime ${status}`)));
  });
  return {
    async close() {
      await client.removeChannel(channel);
    },
  };
}
