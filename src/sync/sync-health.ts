// Sync health for the admin dashboard: the leader tells the server how many of this device's ops are
// parked in "needs attention" (report_sync_health, migration 20261123002410). Only a change is sent
// (a device that never had a parked op sends nothing); what was last sent is kept in the store, so a
// restart or an account switch reports again only when the figure the server holds is not current.
// A failed report is tried again on a later cycle, at most once a minute: it is a figure, not user data.
import type { SupabaseClient } from '@supabase/supabase-js';
import type { ReportedParked } from '@/data/sync-queue';

export const HEALTH_RETRY_MS = 60_000;

export interface SyncHealthDeps {
  /** The signed-in user (null: signed out); the server keeps one figure per device and account. */
  userId(): Promise<string | null>;
  lastReported(): Promise<ReportedParked | undefined>;
  remember(value: ReportedParked): Promise<void>;
  send(parked: number): Promise<void>;
  isOnline(): boolean;
  now(): number;
}

export interface SyncHealthReporter {
  /** The current parked count (from the queue observer). */
  note(parked: number): void;
  /** Sends the noted count if the server's figure is stale (after a cycle, a reconnect, a sign-in). */
  flush(): Promise<void>;
}

export function createSyncHealthReporter(deps: SyncHealthDeps): SyncHealthReporter {
  let current: number | null = null;
  let busy: Promise<void> | null = null;
  let retryAt = 0;

  const sendIfStale = async () => {
    if (current === null || !deps.isOnline() || deps.now() < retryAt) return;
    const parked = current;
    const userId = await deps.userId();
    const last = (await deps.lastReported()) ?? { userId, parked: 0 };
    if (last.userId === userId && last.parked === parked) return;
    try {
      await deps.send(parked);
      await deps.remember({ userId, parked });
      retryAt = 0;
    } catch {
      retryAt = deps.now() + HEALTH_RETRY_MS;
    }
  };

  const flush = async (): Promise<void> => {
    while (busy) await busy;
    busy = sendIfStale().finally(() => (busy = null));
    await busy;
  };

  return {
    note(parked) {
      current = parked;
      void flush();
    },
    flush,
  };
}

/** The real sender: the leader's supabase-js client, as the signed-in user or anon. */
export function healthSender(client: SupabaseClient, clientId: () => Promise<string>) {
  return async (parked: number): Promise<void> => {
    const { error } = await client.rpc('report_sync_health', {
      p_client_id: await clientId(),
      p_parked_count: parked,
    });
    if (error) throw new Error(error.message);
  };
}
