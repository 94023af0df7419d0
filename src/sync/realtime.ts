// Realtime bridge: postgres_changes for the user's notifications, price alerts, dealer memberships,
// saved searches, preferences, leads and lead messages, for reviews, and for the listings this device
// holds (listing-channels.ts: by id and by the offline pack's area, never the whole table), written into
// the local store, and new tombstones (deleted_rows INSERTs, RLS-checked per subscriber): a row that was
// deleted or went out of view (an unpublished review) leaves the store at once. Realtime is only a hint:
// every (re)subscribe asks the engine for a catch-up pull, which covers anything missed meanwhile. A held
// listing's price change brings its new price history row with it (live-price-history.ts).
import type { RealtimeChannel, RealtimePostgresChangesPayload, SupabaseClient } from '@supabase/supabase-js';
import { realtimeTables, type SyncStore } from '@/data/sync-queue';
import { isSyncTable, type SyncTableName } from '@/data/types';
import { ListingChannels, type HeldListings } from './listing-channels';
import { LivePriceHistory, type HistoryOnDevice } from './live-price-history';
import { createSupabaseTransport } from './supabase-transport';
import { syncError, type SyncErrorEvent } from './sync-errors';

// Which tables stream, and how, is each table's `realtime` in data/synced-tables.ts.
/** Rows owned by the user: filtered by user_id. */
export const USER_REALTIME_TABLES = realtimeTables('own');
/** Rows shared between a buyer and a dealer's members: no filter, RLS decides per subscriber. */
export const SHARED_REALTIME_TABLES = realtimeTables('shared');
export const PUBLIC_REALTIME_TABLES = realtimeTables('public');
/** Followed by listing-channels.ts, only the rows this device holds. */
const [HELD_REALTIME_TABLE] = realtimeTables('held');
/** The deletion log: an INSERT says a row of `table_name` is gone or no longer visible to us. */
export const TOMBSTONE_TABLE = 'deleted_rows';
type ChangeSource = SyncTableName | typeof TOMBSTONE_TABLE;

type Change = RealtimePostgresChangesPayload<Record<string, unknown>>;

export interface RealtimeBridge {
  /** Follows these listings (and the pack's area) from now on; channels no longer needed close. */
  setHeld(held: HeldListings): Promise<void>;
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
  /**
   * Writing a change locally failed (after onError): the row is not in the store, and no later event
   * may bring it, so the engine pulls to catch up, as after a (re)subscribe.
   */
  onApplyFailed?: () => void;
  /**
   * The device's price history: given, a held listing's realtime price change fetches its new history
   * rows at once (live-price-history.ts) instead of waiting for the next sync cycle.
   */
  priceHistory?: HistoryOnDevice;
}

type Queued = { table: ChangeSource; change: Change };

/** Tombstones name rows of other tables: the run's key is the named table, read from the change. */
function runKey({ table, change }: Queued): string {
  if (table === TOMBSTONE_TABLE) return 'tombstones';
  return `${table}:${change.eventType === 'DELETE' ? 'delete' : 'upsert'}`;
}

/**
 * Applies changes in arrival order (an UPDATE can't overtake its INSERT), but not one transaction each:
 * the changes that arrive while a write is in flight are written together, each run of consecutive
 * changes of one kind on one table as one store call. A burst (a batch of the user's own ops echoed as
 * 100 tombstones, say) costs a few writes, not a hundred, on the thread that also pushes the outbox.
 * A failed run becomes a sync-error event and the next run goes on.
 */
export function changeApplier(
  opts: Pick<RealtimeOptions, 'store' | 'onChange' | 'onSkipped' | 'onError' | 'onApplyFailed'> & {
    /** Told of the listing rows written, so their price history follows (live-price-history.ts). */
    livePrices?: Pick<LivePriceHistory, 'note'>;
  },
) {
  let queue: Queued[] = [];
  let draining: Promise<void> | null = null;

  const applyRun = async (run: Queued[]): Promise<void> => {
    const [{ table }] = run;
    if (table === TOMBSTONE_TABLE) {
      const gone: { table: SyncTableName; rowId: string }[] = [];
      for (const { change } of run) {
        const named = tombstoneTarget(change);
        if (named) gone.push(named);
      }
      const byTable = new Map<SyncTableName, string[]>();
      for (const g of gone) byTable.set(g.table, [...(byTable.get(g.table) ?? []), g.rowId]);
      for (const [t, ids] of byTable) await opts.store.applyDeleted(t, ids);
      for (const g of gone) opts.onChange?.(g.table, 'DELETE', g.rowId);
      return;
    }
    if (run[0].change.eventType === 'DELETE') {
      const ids = run
        .map(({ change }) => Reflect.get(change.old, 'id'))
        .filter((id): id is string => typeof id === 'string');
      if (ids.length) await opts.store.applyDeleted(table, ids);
    } else {
      const rows = run
        .map(({ change }) => change.new as Record<string, unknown>)
        .filter((row) => typeof row.id === 'string');
      // The store skips rows with pending local ops: fewer written than given means one was skipped.
      if (rows.length && (await opts.store.applyPulled(table, rows)) < new Set(rows.map((r) => r.id)).size)
        opts.onSkipped?.(table);
      if (table === HELD_REALTIME_TABLE) opts.livePrices?.note(rows);
    }
    for (const { change } of run) opts.onChange?.(table, change.eventType, changedRowId(change));
  };

  const drain = async (): Promise<void> => {
    for (;;) {
      // Cleared in the same tick as the last look at the queue, so no change can slip in between.
      if (!queue.length) {
        draining = null;
        return;
      }
      const batch = queue;
      queue = [];
      let run: Queued[] = [];
      for (const item of [...batch, null]) {
        if (run.length && (item === null || runKey(item) !== runKey(run[0]))) {
          await applyRun(run).catch((err: unknown) => {
            opts.onError(syncError('realtime', err));
            opts.onApplyFailed?.();
          });
          run = [];
        }
        if (item) run.push(item);
      }
    }
  };

  return (table: ChangeSource, change: Change): Promise<void> => {
    queue.push({ table, change });
    draining ??= drain();
    return draining;
  };
}

/** The table and row a new tombstone names, or null (a withdrawn one, or a table this device does not sync). */
function tombstoneTarget(change: Change): { table: SyncTableName; rowId: string } | null {
  if (change.eventType !== 'INSERT') return null; // a withdrawn tombstone: the row comes back by itself
  const { table_name: table, row_id: rowId } = change.new as { table_name?: unknown; row_id?: unknown };
  if (typeof table !== 'string' || typeof rowId !== 'string' || !isSyncTable(table)) return null;
  return { table, rowId };
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
  const livePrices = opts.priceHistory
    ? new LivePriceHistory({
        transport: createSupabaseTransport(client),
        store: opts.store,
        history: opts.priceHistory,
        onError: (err) => {
          opts.onError(syncError('realtime', err));
          opts.onApplyFailed?.();
        },
      })
    : undefined;
  const apply = changeApplier({ ...opts, livePrices });
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
  const listings = new ListingChannels({
    client,
    apply: (change) => void apply(HELD_REALTIME_TABLE, change),
    onSubscribed: opts.onSubscribed,
    onError: opts.onError,
  });
  return {
    setHeld: (held) => listings.update(held),
    async close() {
      livePrices?.close();
      await Promise.all([client.removeChannel(channel), listings.close()]);
    },
  };
}
