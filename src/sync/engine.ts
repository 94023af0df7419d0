// The sync engine: pure logic with the store, transport and clock injected, so the same code runs
// in the leader worker, the service worker (Background Sync), Node integration tests and the
// fake-time chaos test. The steps live in their own files: push.ts (batches, retry, token refresh),
// pull.ts (download and catch-up), after-ack.ts (returned rows / re-reads); errors are sync-errors.ts.
//
// One cycle at a time (a trigger during a cycle asks for one more): offline -> no request and no try
// spent; otherwise requested re-reads, push, then a due pull. A failed request (network/5xx/429) costs every op
// of the batch a try and backs off 5 s; a 401 refreshes the token and resends (no try spent); an op's
// third failure parks it: transient ones resume on the next trigger, permanent ones (42501, 23xxx,
// 22xxx, PGRST204) wait for the user's Retry / Discard.
import type { SyncStore } from '@/data/sync-queue';
import { CATALOGUE_TABLES, USER_TABLES } from '@/data/types';
import { AckedRows, processRequestedRefetch } from './after-ack';
import type {
  Clock,
  CycleContext,
  EngineSettings,
  EngineState,
  ListingScope,
  PullScope,
  SyncEvent,
  SyncStatus,
} from './engine-types';
import { Puller } from './pull';
import { Pusher, SERVER_MADE_ROWS, opOwner } from './push';
import { friendlyFailure, syncError } from './sync-errors';
import { TransportError, type SyncTransport } from './transport';
import type { ForegroundGate } from './foreground';

export type {
  Clock,
  DownloadProgress,
  ListingScope,
  PackArea,
  PullScope,
  SyncEvent,
  SyncPhase,
  SyncStatus,
} from './engine-types';
export { friendlyFailure } from './sync-errors';

export const realClock: Clock = {
  now: () => Date.now(),
  setTimeout: (cb, ms) => setTimeout(cb, ms),
  clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
};

export interface EngineOptions extends Partial<EngineSettings> {
  store: SyncStore;
  transport: SyncTransport;
  clock?: Clock;
  isOnline?: () => boolean;
  onEvent?: (event: SyncEvent) => void;
  /** The listings the device holds: vehicle_listings is pulled for them only (pull.ts). */
  scope?: ListingScope;
  /** The shopper's searches, which the catalogue tables of a pull wait for (foreground.ts). */
  foreground?: ForegroundGate;
}

export class SyncEngine {
  private readonly ctx: CycleContext;
  private readonly state: EngineState = {
    backoffUntil: 0,
    resumeAt: Infinity,
    authBlocked: false,
    pullDue: null,
    again: false,
  };
  private readonly pusher: Pusher;
  private readonly puller: Puller;
  private readonly onEvent: (event: SyncEvent) => void;
  private readonly isOnline: () => boolean;

  private running: Promise<void> | null = null;
  private readonly triggers = new Set<Promise<void>>();
  private stopped = false;
  private timer: unknown = null;
  private timerAt = Infinity;
  private pullRetryAt = 0;
  /** Network failures of the cycle's pull in a row, while online (see handleCycleError). */
  private pullNetworkFailures = 0;
  private status: SyncStatus;

  constructor(opts: EngineOptions) {
    this.isOnline = opts.isOnline ?? (() => true);
    this.onEvent = opts.onEvent ?? (() => undefined);
    const settings: EngineSettings = {
      batchSize: opts.batchSize ?? 200,
      pageSize: opts.pageSize ?? 1000,
      retryDelayMs: opts.retryDelayMs ?? 5000,
      resumeDelayMs: opts.resumeDelayMs ?? 30_000,
      overlapMs: opts.overlapMs ?? 5000,
      catalogueTables: opts.catalogueTables ?? CATALOGUE_TABLES,
      userTables: opts.userTables ?? USER_TABLES,
    };
    this.status = {
      phase: 'idle',
      online: this.isOnline(),
      inFlight: 0,
      download: null,
      lastSyncedAt: null,
      lastError: null,
    };
    this.ctx = {
      store: opts.store,
      transport: opts.transport,
      clock: opts.clock ?? realClock,
      settings,
      state: this.state,
      scope: opts.scope,
      foreground: opts.foreground,
      isOnline: this.isOnline,
      isStopped: () => this.stopped,
      emit: (event) => this.emit(event),
      update: (patch) => this.update(patch),
      status: () => this.getStatus(),
    };
    this.pusher = new Pusher(this.ctx, new AckedRows(this.ctx));
    this.puller = new Puller(this.ctx, () => this.pusher.push());
  }

  private get clock(): Clock {
    return this.ctx.clock;
  }

  private get store(): SyncStore {
    return this.ctx.store;
  }

  /** Starts syncing: a catch-up pull of everything, then the queue. */
  start(): void {
    this.stopped = false;
    this.state.pullDue = 'all';
    this.kick();
    void this.dropUnfixableParked();
  }

  /**
   * Earlier versions parked refused annotations of server-made rows (recommendations the server no
   * longer has) in "needs attention", where nobody could fix them: they go, and their rows are re-read.
   */
  private async dropUnfixableParked(): Promise<void> {
    const p = this.store.discardParked([...SERVER_MADE_ROWS]).then(
      (dropped) => {
        if (dropped) this.kick();
      },
      (err: unknown) => this.emit(syncError('queue', err, this.clock.now())),
    );
    this.triggers.add(p);
    try {
      await p;
    } finally {
      this.triggers.delete(p);
    }
  }

  /** Stops timers; a request on the wire is abandoned as a page reload would abandon it. */
  stop(): void {
    this.stopped = true;
    if (this.timer !== null) this.clock.clearTimeout(this.timer);
    this.timer = null;
    this.timerAt = Infinity;
  }

  getStatus(): SyncStatus {
    return { ...this.status };
  }

  /** Something changed (a write, the tab became visible, ...): run a cycle soon. */
  kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.state.again = true;
      return;
    }
    this.running = this.loop().finally(() => {
      this.running = null;
      // A kick that arrived after the loop's last look at `again` (while it scheduled the next
      // timer, say) would otherwise be lost, leaving a new op queued until some other trigger.
      if (this.state.again && !this.stopped) this.kick();
    });
  }

  /** A trigger that also resumes transiently-failed parked ops (SPEC §4: they resume by themselves). */
  async trigger(pull: PullScope | null = null): Promise<void> {
    if (pull) this.state.pullDue = this.state.pullDue === 'all' || pull === 'all' ? 'all' : 'user';
    const p = this.store.resumeTransient().then(() => this.kick());
    this.triggers.add(p);
    try {
      await p;
    } finally {
      this.triggers.delete(p);
    }
  }

  /** The connection came back or went away. */
  async setOnline(online: boolean): Promise<void> {
    this.update({ online, phase: online ? this.status.phase : 'offline' });
    if (!online) this.pullNetworkFailures = 0; // a pull cut off just before was the connection going
    if (online) {
      this.state.backoffUntil = 0;
      this.pullRetryAt = 0; // reconnecting is the catch-up's trigger: no waiting out an offline failure
      await this.trigger('all');
    }
  }

  /** The signed-in user changed: re-read user tables (the store already switched accounts). */
  async authChanged(): Promise<void> {
    this.state.authBlocked = false;
    await this.store.resetUserCursors();
    await this.trigger('all');
  }

  /** Resolves when no cycle is running (tests, the service worker's one-shot drain). */
  async whenIdle(): Promise<void> {
    while (this.running || this.triggers.size) {
      await Promise.allSettled([...this.triggers]);
      if (this.running) await this.running;
    }
  }

  /** One full push (and due pull) now; used by Background Sync. */
  async drain(): Promise<void> {
    await this.store.resumeTransient();
    this.kick();
    await this.whenIdle();
  }

  // ---------------------------------------------------------------------------------------------

  private emit(event: SyncEvent): void {
    try {
      this.onEvent(event);
    } catch (err) {
      // A listener's failure must not stop syncing; it is a bug in the listener, so say so.
      console.error('Sync event listener failed', err);
    }
  }

  private update(patch: Partial<SyncStatus>): void {
    this.status = { ...this.status, ...patch };
    this.emit({ type: 'status', status: this.getStatus() });
  }

  private async loop(): Promise<void> {
    const { state } = this;
    do {
      state.again = false;
      if (this.stopped) return;
      if (!this.isOnline()) {
        // Each write queued offline kicks a cycle: the status goes out once, not once per write.
        const { phase, online, inFlight } = this.status;
        if (phase !== 'offline' || online || inFlight !== 0)
          this.update({ phase: 'offline', online: false, inFlight: 0 });
        return; // setOnline(true) starts the next cycle
      }
      if (!this.status.online) this.update({ online: true });
      try {
        await processRequestedRefetch(this.ctx);
        await this.pusher.push();
        // Not while offline (the connection may have dropped during the push): it would fail, or
        // hang until the connection is back and then hold up the writes queued meanwhile.
        const now = this.clock.now();
        if (state.pullDue && this.isOnline() && now >= this.pullRetryAt && now >= state.backoffUntil) {
          const scope = state.pullDue;
          state.pullDue = null;
          await this.puller.pull(scope);
          this.pullNetworkFailures = 0;
        }
      } catch (err) {
        this.handleCycleError(err);
      }
    } while (state.again && !this.stopped);
    if (this.stopped) return;
    if (state.authBlocked) this.update({ phase: 'signed-out', inFlight: 0 });
    else if (this.status.phase !== 'offline') {
      this.update({ phase: this.clock.now() < state.backoffUntil ? 'backoff' : 'idle', inFlight: 0 });
    }
    await this.scheduleNext();
  }

  /** Pull (and re-read) failures: the pull is tried again after the retry delay. */
  private handleCycleError(err: unknown): void {
    const kind = err instanceof TransportError ? err.kind : undefined;
    this.state.pullDue ??= 'all';
    if (kind === 'auth') {
      // Expired token during a pull: refresh, then pull again at once.
      this.pullRetryAt = 0;
      void this.transportRefresh();
      return;
    }
    this.pullRetryAt = this.clock.now() + this.ctx.settings.retryDelayMs;
    if (kind === 'network' && ++this.pullNetworkFailures === 1) {
      // The browser fails a request the moment the connection drops, before the news that it went
      // offline reaches this worker: a pull cut off that way is no problem to report (or to show). It is
      // tried again after the retry delay, or at once on reconnect; a second failure in a row while
      // online is reported.
      this.update({ download: null });
      return;
    }
    this.update({ lastError: friendlyFailure(null, kind), download: null });
    this.emit(syncError('pull', err, this.clock.now()));
  }

  private async transportRefresh(): Promise<void> {
    try {
      if (await this.ctx.transport.refreshAuth()) this.kick();
      else {
        this.state.authBlocked = true;
        this.update({ phase: 'signed-out' });
      }
    } catch (err) {
      // The pull stays due (pullRetryAt 0): the next trigger tries again.
      this.emit(syncError('auth-refresh', err, this.clock.now()));
    }
  }

  private async scheduleNext(): Promise<void> {
    const { state } = this;
    const now = this.clock.now();
    let next = Infinity;
    if (state.backoffUntil > now) next = state.backoffUntil;
    if (state.pullDue && this.pullRetryAt > now) next = Math.min(next, this.pullRetryAt);
    // Ops waiting out a per-op retry delay; one whose time already passed while the cycle ran
    // (a slow pull, say) is due now.
    const userId = await this.store.sessionUserId();
    const parkedRows = await this.store.parkedRowKeys();
    for (const op of await this.store.pendingOps()) {
      if (
        op.next_attempt_at === 0 ||
        !opOwner(op, userId, state.authBlocked) ||
        parkedRows.has(`${op.table}:${op.row_id}`)
      )
        continue;
      next = Math.min(next, Math.max(op.next_attempt_at, now, state.backoffUntil));
    }
    if (state.resumeAt > now && parkedRows.size > 0) next = Math.min(next, state.resumeAt);
    if (next === Infinity || this.stopped) return;
    if (this.timer !== null && this.timerAt <= next) return;
    if (this.timer !== null) this.clock.clearTimeout(this.timer);
    this.timerAt = next;
    this.timer = this.clock.setTimeout(
      () => {
        this.timer = null;
        this.timerAt = Infinity;
        // Only the resume timer brings parked ops back; retry/pull timers just run a cycle.
        if (this.clock.now() >= state.resumeAt) {
          state.resumeAt = Infinity;
          void this.trigger();
        } else this.kick();
      },
      Math.max(0, next - now),
    );
  }
}
