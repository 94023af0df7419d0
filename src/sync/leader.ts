// The leader: the one context per origin (a dedicated worker, normally) that holds the Web Lock and
// runs the engine and the realtime bridge. Pages talk to it over BroadcastChannel, so any tab's
// events (online, visible, sign-in) reach it, and its status reaches every tab.
import type { SupabaseClient } from '@supabase/supabase-js';
import { db as defaultDb, type MotorlyDb } from '@/data/db';
import {
  claimSignedOutBookmarks,
  createSyncStore,
  getReportedParked,
  setReportedParked,
  type QueueCounts,
} from '@/data/sync-queue';
import { dexieListingScope, watchHeldListings } from '@/data/offline-pack';
import { COMMAND_CHANNEL, STATUS_CHANNEL, type StatusMessage, type SyncCommand } from './channels';
import { Connectivity, followBrowserNetwork } from './connectivity';
import { SyncEngine, realClock } from './engine';
import type { HeldListings } from './listing-channels';
import { offlinePackRunner } from './offline-pack-runner';
import { subscribeRealtime, type RealtimeBridge } from './realtime';
import { createSyncErrorRecorder } from './sync-error-reports';
import { createSyncHealthReporter, healthSender } from './sync-health';
import { syncError, type SyncErrorEvent, type SyncErrorKind } from './sync-errors';
import { createSupabaseTransport } from './supabase-transport';
import { createWorkerSupabaseClient } from './worker-client';
import { foregroundGate, type ForegroundGate } from './foreground';

/** Realtime's listing channels follow the held set this long after a burst of changes to it. */
export const HELD_RESUBSCRIBE_DELAY_MS = 500;

/** How long after a write the leader looks at the queue (the upload start's deferral). */
export const NEW_WRITE_DELAY_MS = 100;

/**
 * Calls `onNewWrite` when the queue holds an op it has not seen (seq above every seq seen) or grew.
 * The first counts are the baseline (the engine's start covers what was already queued).
 */
export function newWriteWatcher(onNewWrite: () => void): (counts: QueueCounts) => void {
  let seenSeq = -1;
  let lastQueued = -1;
  return ({ queued, lastSeq }) => {
    if (seenSeq >= 0 && (lastSeq > seenSeq || queued > lastQueued)) onNewWrite();
    seenSeq = Math.max(seenSeq, lastSeq);
    lastQueued = queued;
  };
}

/**
 * The leader's problem sink: every tab hears the event (status card, notices) and it is recorded
 * once, here, on the error-report path.
 */
export function leaderProblems(
  post: (event: SyncErrorEvent) => void,
  record: (event: SyncErrorEvent) => Promise<unknown>,
) {
  const report = (event: SyncErrorEvent) => {
    post(event);
    void record(event);
  };
  /** Runs a task; a rejection becomes a sync-error of this kind instead of vanishing. */
  const guard = (kind: SyncErrorKind, task: Promise<unknown>): Promise<void> =>
    task.then(
      () => undefined,
      (err: unknown) => report(syncError(kind, err)),
    );
  return { report, guard };
}

export interface LeaderOptions {
  db?: MotorlyDb;
  client?: SupabaseClient;
  /** Initial connectivity (pages keep it current with online/offline commands). */
  online?: boolean;
  /** The shopper's searches, noted before the leader ran too (worker.ts); else the leader's own. */
  foreground?: ForegroundGate;
}

export interface RunningLeader {
  id: string;
  engine: SyncEngine;
  stop(): Promise<void>;
}

/** Starts the engine, realtime and command handling; call only while holding LEADER_LOCK. */
export async function startLeader(opts: LeaderOptions = {}): Promise<RunningLeader> {
  const db = opts.db ?? defaultDb;
  const client = opts.client ?? createWorkerSupabaseClient();
  const store = createSyncStore(db);
  const id = crypto.randomUUID();
  const connectivity = new Connectivity(opts.online ?? (typeof navigator === 'undefined' ? true : navigator.onLine));
  const statusOut = new BroadcastChannel(STATUS_CHANNEL);
  const commands = new BroadcastChannel(COMMAND_CHANNEL);
  const post = (msg: StatusMessage) => statusOut.postMessage(msg);
  const problems = leaderProblems(
    (event) => post({ type: 'event', event, leaderId: id }),
    createSyncErrorRecorder(db, 'leader'),
  );

  const health = createSyncHealthReporter({
    userId: () => store.sessionUserId(),
    lastReported: () => getReportedParked(db),
    remember: (value) => setReportedParked(db, value),
    send: healthSender(client, () => store.clientId()),
    isOnline: () => connectivity.isOnline(),
    now: () => Date.now(),
  });

  const foreground = opts.foreground ?? foregroundGate(realClock);
  const engine = new SyncEngine({
    store,
    transport: createSupabaseTransport(client),
    scope: dexieListingScope(db),
    foreground,
    isOnline: () => connectivity.isOnline(),
    onEvent: (event) => {
      if (event.type === 'status') {
        post({ type: 'status', status: event.status, leaderId: id });
        // A cycle ended (after a reconnect or sign-in, say): the server's figure may be stale.
        if (event.status.phase === 'idle') void health.flush();
      } else if (event.type === 'sync-error') problems.report(event);
      else post({ type: 'event', event, leaderId: id });
    },
  });

  let realtime: RealtimeBridge | null = null;
  let realtimeUser: string | null | undefined;
  /** The listings realtime follows (the pinned ones and the pack's area); null until first read. */
  let held: HeldListings | null = null;
  const refreshRealtime = async () => {
    const userId = await store.sessionUserId();
    const { data } = await client.auth.getSession();
    client.realtime.setAuth(data.session?.access_token ?? null);
    if (realtime && realtimeUser === userId) return;
    await realtime?.close();
    realtimeUser = userId;
    realtime = subscribeRealtime({
      client,
      store,
      userId,
      // A held listing's price change brings its history row live, not on the next cycle.
      priceHistory: dexieListingScope(db),
      onSubscribed: () => void engine.trigger('all'),
      onSkipped: () => void engine.trigger('user'),
      onApplyFailed: () => void engine.trigger('all'),
      // Offline, a dropped channel is expected (the badge says Offline), not a problem to report.
      onError: (event) => {
        if (connectivity.isOnline()) problems.report(event);
      },
      onChange: (table, eventType, rowId) =>
        post({ type: 'realtime', notice: { table, eventType, rowId, at: Date.now() }, leaderId: id }),
    });
    if (held) await realtime.setHeld(held);
  };
  const unwatchHeld = watchHeldListings(
    db,
    (snapshot) => {
      held = { ids: snapshot.pinned, packIds: snapshot.packIds, area: snapshot.area };
      if (realtime) void problems.guard('realtime', realtime.setHeld(held));
    },
    { delayMs: HELD_RESUBSCRIBE_DELAY_MS, onError: (err) => problems.report(syncError('realtime', err)) },
  );
  const packs = offlinePackRunner({
    db,
    store,
    client,
    isOnline: () => connectivity.isOnline(),
    onError: (err) => problems.report(syncError('pull', err)),
  });

  let knownUser = await store.sessionUserId();
  const onAuthChanged = async () => {
    const userId = await store.sessionUserId();
    if (userId === knownUser) {
      await refreshRealtime();
      return;
    }
    knownUser = userId;
    await engine.authChanged();
    await refreshRealtime();
    if (userId) {
      // Claim signed-out bookmarks once the user's own were pulled, so none is duplicated.
      await engine.whenIdle();
      if ((await claimSignedOutBookmarks(db, userId)) > 0) engine.kick();
    }
  };

  const handle = async (cmd: SyncCommand) => {
    switch (cmd.type) {
      case 'online':
        await engine.setOnline(connectivity.setNetwork(true));
        void packs.resume(); // a pack download cut short offline goes on
        break;
      case 'offline':
        await engine.setOnline(connectivity.setNetwork(false));
        break;
      case 'simulate-offline':
        if (connectivity.simulatedOffline === cmd.on) break;
        await engine.setOnline(connectivity.setSimulatedOffline(cmd.on));
        break;
      case 'visible':
        await engine.trigger('all');
        break;
      case 'kick':
        await engine.trigger();
        break;
      case 'auth-changed':
        await onAuthChanged();
        break;
      case 'token-refreshed':
        await refreshRealtime();
        await engine.trigger();
        break;
      case 'status-request':
        post({ type: 'status', status: engine.getStatus(), leaderId: id });
        break;
      case 'offline-pack-download':
        void packs.download(cmd.postcode, cmd.radius);
        break;
      case 'offline-pack-warm':
        packs.warm();
        break;
      case 'offline-pack-remove':
        void packs.remove();
        break;
      case 'foreground':
        foreground.note(cmd.at);
        break;
    }
  };
  commands.onmessage = (e: MessageEvent<SyncCommand>) => void problems.guard('command', handle(e.data));
  // Unless the caller fixed the connection (tests), the browser's own state counts too: a reconnect
  // announced while this leader was starting (opening the store, above) found no listener, and the engine
  // stayed offline with writes queued until the next change of connection.
  const unfollowNetwork =
    opts.online === undefined && typeof navigator !== 'undefined' && typeof addEventListener === 'function'
      ? followBrowserNetwork(
          connectivity,
          globalThis,
          () => navigator.onLine,
          (online) => void problems.guard('command', handle({ type: online ? 'online' : 'offline' })),
        )
      : () => undefined;

  // A new write in any tab raises the outbox's highest seq, a Retry makes the queue bigger: those
  // are the "new write" triggers (acks and spent tries are the engine's own changes). The queue is
  // read a moment after the write, so the upload starts after the writing tab has re-rendered from
  // the store instead of competing with it (a burst of writes also goes out as one batch).
  const watchWrites = newWriteWatcher(() => void engine.trigger());
  const unobserve = store.observeQueue(
    (counts) => {
      watchWrites(counts);
      health.note(counts.parked);
    },
    {
      delayMs: NEW_WRITE_DELAY_MS,
      onError: (err) => problems.report(syncError('queue', err)),
    },
  );

  engine.start();
  await problems.guard('realtime', refreshRealtime());
  void packs.resume();
  if (knownUser) {
    const claim = engine
      .whenIdle()
      .then(() => claimSignedOutBookmarks(db, knownUser!))
      .then((n) => n > 0 && engine.kick());
    void problems.guard('command', claim);
  }

  return {
    id,
    engine,
    async stop() {
      engine.stop();
      unobserve();
      unwatchHeld();
      unfollowNetwork();
      commands.close();
      statusOut.close();
      await realtime?.close();
    },
  };
}
