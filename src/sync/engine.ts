// The sync engine: pure logic with the store, transport and clock injected, so the same code runs
// in the leader worker, the service worker (Background Sync), Node integration tests and the
// fake-time chaos test.
//
// State diagram (one cycle at a time; triggers while a cycle runs just ask for one more):
//
//                 trigger: start / write / online / visible / sign-in / realtime / timer
//   ┌───────┐ ─────────────────────────────────────────────────────────▶ ┌──────────┐
//   │ idle  │                                                            │  cycle   │
//   └───────┘ ◀──────────── nothing eligible (timer set for the next ─── └──────────┘
//     ▲   ▲                 retry / resume, if any)                       │   │   │
//     │   │                                                      offline  │   │   │ refetch / pull due
//     │   │   back online ┌──────────┐ ◀──────────────────────────────────┘   │   ▼
//     │   └───────────────│ offline  │  (no request, no try spent)            │ ┌──────────┐
//     │                   └──────────┘                                        │ │ pulling  │ bootstrap with
//     │                                                                       │ └──────────┘ progress, then
//     │                                                                       ▼              (updated_at,id)
//     │   ┌──────────┐  401: refresh token, same batch again (no try spent) ┌──────────┐   catch-up
//     │   │ backoff  │ ◀──── request failed (network/5xx/429): every op ─── │ pushing  │
//     │   └──────────┘       of the batch spends a try; next try in 5 s     └──────────┘
//     │        │                                                             │   per op:
//     └────────┘ 5 s later                   applied/duplicate -> ack + re-read row
//                                            error -> try+1, row blocked 5 s; 3rd failure -> parked
//                                            skipped -> waits behind the failed op (no try spent)
//   parked: transient -> back in the queue on the next trigger (online, visible, write, 30 s timer);
//           permanent (42501, 23xxx, 22xxx, PGRST204) -> waits for the user's Retry / Discard.
import {
  CATALOGUE_TABLES,
  USER_TABLES,
  knownTable,
  type Cursor,
  type OutboxOp,
  type SyncStore,
  type SyncTableName,
} from '@/data';
import { ORIGIN_CURSOR, maxCursor, overlapStart } from './timestamps';
import { TransportError, isPermanentCode, type Row, type SyncTransport, type WireOp, type WireResult } from './transport';

export interface Clock {
  now(): number;
  setTimeout(cb: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const realClock: Clock = {
  now: () => Date.now(),
  setTimeout: (cb, ms) => setTimeout(cb, ms),
  clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
};

export type SyncPhase = 'idle' | 'pushing' | 'pulling' | 'offline' | 'backoff' | 'signed-out';

export interface DownloadProgress {
  done: number;
  total: number;
}

export interface SyncStatus {
  phase: SyncPhase;
  online: boolean;
  /** Ops in the request currently on the wire. */
  inFlight: number;
  /** First catalogue download; null when not downloading. */
  download: DownloadProgress | null;
  lastSyncedAt: number | null;
  /** Friendly text of the last failure, cleared by a success. */
  lastError: string | null;
}

export type SyncEvent =
  | { type: 'status'; status: SyncStatus }
  | { type: 'sync-error'; message: string; code: string | null }
  | { type: 'sync-failed'; count: number; message: string }
  | { type: 'pulled'; table: SyncTableName; count: number };

export interface EngineOptions {
  store: SyncStore;
  transport: SyncTransport;
  clock?: Clock;
  isOnline?: () => boolean;
  onEvent?: (event: SyncEvent) => void;
  /** Ops per apply_mutations request. */
  batchSize?: number;
  /** Rows per pull page (PostgREST commonly caps at 1000). */
  pageSize?: number;
  /** Delay before a failed try is retried (SPEC §9: 5 s). */
  retryDelayMs?: number;
  /** Timer trigger that resumes transiently-failed parked ops. */
  resumeDelayMs?: number;
  /** Catch-up overlap window (see timestamps.overlapStart). */
  overlapMs?: number;
  /** Tables pulled for everyone (default: the catalogue). */
  catalogueTables?: readonly SyncTableName[];
  /** Tables pulled when signed in (default: the user tables). */
  userTables?: readonly SyncTableName[];
}

/** Tables a user may insert into but not read back (so a re-read must not delete the local row). */
const WRITE_ONLY_TABLES = new Set<SyncTableName>(['error_reports']);

export type PullScope = 'all' | 'user';

/** Live queries are told about a download's pages at most this often. */
const NOTIFY_EVERY_MS = 1000;

/** Ids per re-read request (they travel in the URL as id=in.(...)). */
const REFETCH_CHUNK = 200;

const NETWORK_MESSAGE = 'Please check your internet connection and try again.';
const PERMISSION_MESSAGE = 'You do not have permission to perform this action.';
const DATA_MESSAGE = 'There was a problem accessing the data. Please try again.';

/** SPEC §8 wording for a failure, never SQL or a stack trace. */
export function friendlyFailure(code: string | null, kind?: TransportError['kind']): string {
  if (kind === 'network') return NETWORK_MESSAGE;
  if (code === '42501' || kind === 'auth') return PERMISSION_MESSAGE;
  if (kind === 'rate-limit') return 'Too many attempts. Please try again later.';
  return DATA_MESSAGE;
}

export class SyncEngine {
  private readonly store: SyncStore;
  private readonly transport: SyncTransport;
  private readonly clock: Clock;
  private readonly isOnline: () => boolean;
  private readonly onEvent: (event: SyncEvent) => void;
  private readonly batchSize: number;
  private readonly pageSize: number;
  private readonly retryDelayMs: number;
  private readonly resumeDelayMs: number;
  private readonly overlapMs: number;
  private readonly catalogueTables: readonly SyncTableName[];
  private readonly userTables: readonly SyncTableName[];

  private running: Promise<void> | null = null;
  private readonly triggers = new Set<Promise<void>>();
  private again = false;
  private stopped = false;
  private timer: unknown = null;
  private timerAt = Infinity;
  /** No request before this time after a whole-request failure. */
  private backoffUntil = 0;
  private pullDue: PullScope | null = null;
  private pullRetryAt = 0;
  /** When transiently-failed parked ops are put back in the queue by the timer. */
  private resumeAt = Infinity;
  /** Acknowledged rows to re-read from the server ("table:row_id" -> row). */
  private readonly toRefetch = new Map<string, { table: SyncTableName; row_id: string }>();
  private authBlocked = false;
  private status: SyncStatus;

  constructor(opts: EngineOptions) {
    this.store = opts.store;
    this.transport = opts.transport;
    this.clock = opts.clock ?? realClock;
    this.isOnline = opts.isOnline ?? (() => true);
    this.onEvent = opts.onEvent ?? (() => undefined);
    this.batchSize = opts.batchSize ?? 100;
    this.pageSize = opts.pageSize ?? 1000;
    this.retryDelayMs = opts.retryDelayMs ?? 5000;
    this.resumeDelayMs = opts.resumeDelayMs ?? 30_000;
    this.overlapMs = opts.overlapMs ?? 5000;
    this.catalogueTables = opts.catalogueTables ?? CATALOGUE_TABLES;
    this.userTables = opts.userTables ?? USER_TABLES;
    this.status = { phase: 'idle', online: this.isOnline(), inFlight: 0, download: null, lastSyncedAt: null, lastError: null };
  }

  /** Starts syncing: a catch-up pull of everything, then the queue. */
  start(): void {
    this.stopped = false;
    this.pullDue = 'all';
    this.kick();
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
      this.again = true;
      return;
    }
    this.running = this.loop().finally(() => {
      this.running = null;
      // A kick that arrived after the loop's last look at `again` (while it scheduled the next
      // timer, say) would otherwise be lost, leaving a new op queued until some other trigger.
      if (this.again && !this.stopped) this.kick();
    });
  }

  /** A trigger that also resumes transiently-failed parked ops (SPEC §4: they resume by themselves). */
  async trigger(pull: PullScope | null = null): Promise<void> {
    if (pull) this.pullDue = this.pullDue === 'all' || pull === 'all' ? 'all' : 'user';
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
    if (online) {
      this.backoffUntil = 0;
      this.pullRetryAt = 0; // reconnecting is the catch-up's trigger: no waiting out an offline failure
      await this.trigger('all');
    }
  }

  /** The signed-in user changed: re-read user tables (the store already switched accounts). */
  async authChanged(): Promise<void> {
    this.authBlocked = false;
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
    } catch {
      // A listener's failure must not stop syncing.
    }
  }

  private update(patch: Partial<SyncStatus>): void {
    this.status = { ...this.status, ...patch };
    this.emit({ type: 'status', status: this.getStatus() });
  }

  private async loop(): Promise<void> {
    do {
      this.again = false;
      if (this.stopped) return;
      if (!this.isOnline()) {
        this.update({ phase: 'offline', online: false, inFlight: 0 });
        return; // setOnline(true) starts the next cycle
      }
      if (!this.status.online) this.update({ online: true });
      try {
        await this.processRefetch();
        await this.push();
        // Not while offline (the connection may have dropped during the push): it would fail, or
        // hang until the connection is back and then hold up the writes queued meanwhile.
        if (this.pullDue && this.isOnline() && this.clock.now() >= this.pullRetryAt && this.clock.now() >= this.backoffUntil) {
          const scope = this.pullDue;
          this.pullDue = null;
          await this.pull(scope);
        }
      } catch (err) {
        this.handleCycleError(err);
      }
    } while (this.again && !this.stopped);
    if (this.stopped) return;
    if (this.authBlocked) this.update({ phase: 'signed-out', inFlight: 0 });
    else if (this.status.phase !== 'offline') {
      this.update({ phase: this.clock.now() < this.backoffUntil ? 'backoff' : 'idle', inFlight: 0 });
    }
    await this.scheduleNext();
  }

  private handleCycleError(err: unknown): void {
    // Pull and re-read failures: try the pull again after the retry delay.
    const kind = err instanceof TransportError ? err.kind : undefined;
    this.pullDue ??= 'all';
    if (kind === 'auth') {
      // Expired token during a pull: refresh, then pull again at once.
      this.pullRetryAt = 0;
      void this.transport
        .refreshAuth()
        .then((ok) => {
          if (ok) this.kick();
          else {
            this.authBlocked = true;
            this.update({ phase: 'signed-out' });
          }
        })
        .catch(() => undefined);
      return;
    }
    this.pullRetryAt = this.clock.now() + this.retryDelayMs;
    this.update({ lastError: friendlyFailure(null, kind), download: null });
  }

  private async scheduleNext(): Promise<void> {
    const now = this.clock.now();
    let next = Infinity;
    if (this.backoffUntil > now) next = this.backoffUntil;
    if (this.pullDue && this.pullRetryAt > now) next = Math.min(next, this.pullRetryAt);
    // Ops waiting out a per-op retry delay; one whose time already passed while the cycle ran
    // (a slow pull, say) is due now.
    const userId = await this.store.sessionUserId();
    const parkedRows = await this.store.parkedRowKeys();
    for (const op of this.authBlocked ? [] : await this.store.pendingOps()) {
      if (op.next_attempt_at === 0 || op.user_id !== userId || parkedRows.has(`${op.table}:${op.row_id}`)) continue;
      next = Math.min(next, Math.max(op.next_attempt_at, now, this.backoffUntil));
    }
    if (this.resumeAt > now && (await this.hasParked())) next = Math.min(next, this.resumeAt);
    if (next === Infinity || this.stopped) return;
    if (this.timer !== null && this.timerAt <= next) return;
    if (this.timer !== null) this.clock.clearTimeout(this.timer);
    this.timerAt = next;
    this.timer = this.clock.setTimeout(() => {
      this.timer = null;
      this.timerAt = Infinity;
      // Only the resume timer brings parked ops back; retry/pull timers just run a cycle.
      if (this.clock.now() >= this.resumeAt) {
        this.resumeAt = Infinity;
        void this.trigger();
      } else this.kick();
    }, Math.max(0, next - now));
  }

  private async hasParked(): Promise<boolean> {
    return (await this.store.parkedRowKeys()).size > 0;
  }

  /** The eligible ops for the next request, in seq order, skipping blocked rows. */
  private async nextBatch(userId: string): Promise<OutboxOp[]> {
    const now = this.clock.now();
    const ops = await this.store.pendingOps();
    const blocked = await this.store.parkedRowKeys();
    const batch: OutboxOp[] = [];
    for (const op of ops) {
      if (op.user_id !== userId) continue;
      const key = `${op.table}:${op.row_id}`;
      if (blocked.has(key)) continue;
      if (op.next_attempt_at > now) {
        blocked.add(key); // later ops on this row wait behind it
        continue;
      }
      batch.push(op);
      if (batch.length >= this.batchSize) break;
    }
    return batch;
  }

  private async push(): Promise<void> {
    const clientId = await this.store.clientId();
    for (;;) {
      if (this.stopped || !this.isOnline() || this.authBlocked) return;
      if (this.clock.now() < this.backoffUntil) return;
      const userId = await this.store.sessionUserId();
      if (!userId) return;
      const batch = await this.nextBatch(userId);
      if (!batch.length) {
        // Re-read acknowledged rows once the queue is quiet: one select per table, not per batch.
        const rows = [...this.toRefetch.values()];
        this.toRefetch.clear();
        if (rows.length) await this.refetch(rows);
        return;
      }
      this.update({ phase: 'pushing', inFlight: batch.length });
      const results = await this.send(clientId, batch);
      if (this.stopped) return;
      this.update({ inFlight: 0 });
      if (results === 'stop') return;
      await this.handleResults(batch, results);
    }
  }

  /** Sends one batch; refreshes an expired token once without spending a try. */
  private async send(clientId: string, batch: OutboxOp[]): Promise<WireResult[] | 'stop'> {
    const wire: WireOp[] = batch.map((op) => ({
      op_id: op.id,
      seq: op.seq,
      type: op.type,
      table: op.table,
      row_id: op.row_id,
      data: op.data,
    }));
    let refreshed = false;
    for (;;) {
      try {
        return await this.transport.applyMutations(clientId, wire);
      } catch (caught) {
        if (this.stopped) return 'stop';
        let err: unknown = caught;
        const first = err instanceof TransportError ? err : new TransportError('network', String(err));
        if (first.kind === 'auth' && !refreshed) {
          refreshed = true;
          let ok: boolean | TransportError;
          try {
            ok = await this.transport.refreshAuth();
          } catch (refreshErr) {
            ok = refreshErr instanceof TransportError ? refreshErr : new TransportError('network', String(refreshErr));
          }
          if (this.stopped) return 'stop';
          if (ok === true) continue;
          if (ok === false) {
            this.authBlocked = true; // no session to refresh: wait for sign-in (authChanged)
            this.update({ phase: 'signed-out', inFlight: 0 });
            return 'stop';
          }
          err = ok; // the refresh itself failed (e.g. network): an ordinary failed try below
        }
        const e = err instanceof TransportError ? err : first;
        if (!this.isOnline()) {
          this.update({ phase: 'offline', online: false, inFlight: 0 });
          return 'stop'; // offline spends no tries
        }
        await this.failBatch(batch, e);
        return 'stop';
      }
    }
  }

  /** The whole request failed: each op spends a try, and nothing is sent for the retry delay. */
  private async failBatch(batch: OutboxOp[], e: TransportError): Promise<void> {
    const now = this.clock.now();
    this.backoffUntil = now + this.retryDelayMs;
    const message = friendlyFailure(e.code ?? null, e.kind);
    let parked = 0;
    for (const op of batch) {
      const outcome = await this.store.recordFailure(op.id, {
        code: e.code ?? String(e.status ?? e.kind),
        message,
        // Not a per-row block: the whole queue waits on backoffUntil, so order is kept.
        nextAttemptAt: 0,
        failure: 'transient',
      });
      if (outcome === 'parked') parked++;
    }
    this.update({ phase: 'backoff', lastError: message, inFlight: 0 });
    this.emit({ type: 'sync-error', message, code: e.code ?? null });
    if (parked) {
      this.resumeAt = Math.min(this.resumeAt, now + this.resumeDelayMs);
      this.emit({ type: 'sync-failed', count: parked, message });
    }
  }

  private async handleResults(batch: OutboxOp[], results: WireResult[]): Promise<void> {
    const byId = new Map(results.map((r) => [r.op_id, r]));
    const done: OutboxOp[] = [];
    const now = this.clock.now();
    let parked = 0;
    let lastMessage: string | null = null;
    let lastCode: string | null = null;
    for (const op of batch) {
      const r = byId.get(op.id);
      if (r && (r.status === 'applied' || r.status === 'duplicate')) {
        done.push(op);
        continue;
      }
      if (r?.status === 'skipped') continue; // blocked behind an earlier failed op on its row
      const code = r?.code ?? null;
      const message = friendlyFailure(code);
      lastMessage = message;
      lastCode = code;
      const failure = isPermanentCode(code) ? 'permanent' : 'transient';
      const outcome = await this.store.recordFailure(op.id, { code, message, nextAttemptAt: now + this.retryDelayMs, failure });
      if (outcome === 'parked') {
        parked++;
        if (failure === 'transient') this.resumeAt = Math.min(this.resumeAt, now + this.resumeDelayMs);
      }
    }
    if (done.length) {
      await this.store.ackOps(done.map((o) => o.id));
      await this.store.setLastSyncedAt(this.clock.now());
      this.update({ lastSyncedAt: this.clock.now(), lastError: lastMessage });
      // The row's last acked op decides: a deleted row needs no re-read.
      for (const op of done) {
        if (WRITE_ONLY_TABLES.has(op.table)) continue;
        const key = `${op.table}:${op.row_id}`;
        if (op.type === 'delete') this.toRefetch.delete(key);
        else this.toRefetch.set(key, { table: op.table, row_id: op.row_id });
      }
    }
    if (lastMessage) {
      this.update({ lastError: lastMessage });
      this.emit({ type: 'sync-error', message: lastMessage, code: lastCode });
    }
    if (parked) this.emit({ type: 'sync-failed', count: parked, message: lastMessage ?? DATA_MESSAGE });
  }

  /**
   * Re-reads acknowledged rows so the local copy equals the server's (defaults, triggers, writes
   * from others that arrived while ours were pending and so were not applied locally).
   */
  private async refetch(ops: Pick<OutboxOp, 'table' | 'row_id'>[]): Promise<void> {
    const byTable = new Map<SyncTableName, Set<string>>();
    for (const op of ops) {
      if (!byTable.has(op.table)) byTable.set(op.table, new Set());
      byTable.get(op.table)!.add(op.row_id);
    }
    for (const [table, idSet] of byTable) {
      const ids = [...idSet];
      for (let i = 0; i < ids.length; i += REFETCH_CHUNK) {
        const chunk = ids.slice(i, i + REFETCH_CHUNK);
        let rows: Row[];
        try {
          rows = await this.transport.fetchByIds(table, chunk);
        } catch {
          this.pullDue = 'all'; // the next catch-up brings them
          return;
        }
        await this.store.applyPulled(table, rows);
        const found = new Set(rows.map((r) => String(r.id)));
        await this.store.applyDeleted(table, chunk.filter((id) => !found.has(id)));
      }
    }
  }

  private async processRefetch(): Promise<void> {
    const byTable = await this.store.takeRefetch();
    const ops: { table: SyncTableName; row_id: string }[] = [];
    for (const [table, ids] of byTable) for (const id of ids) ops.push({ table, row_id: id });
    if (ops.length) await this.refetch(ops);
  }

  // ---------------------------------------------------------------------------------------------
  // Pull

  private async pull(scope: PullScope): Promise<void> {
    const signedIn = (await this.store.sessionUserId()) !== null;
    const tables: SyncTableName[] = [
      ...(scope === 'all' ? this.catalogueTables : []),
      ...(signedIn ? this.userTables : []),
    ];
    // First download: count rows of never-pulled tables for a real progress bar.
    const fresh: SyncTableName[] = [];
    for (const t of tables) if ((await this.store.getCursor(t)) === null) fresh.push(t);
    let progress: DownloadProgress | null = null;
    if (fresh.some((t) => this.catalogueTables.includes(t))) {
      let total = 0;
      for (const t of fresh) total += await this.transport.count(t);
      progress = { done: 0, total };
    }
    this.update({ phase: 'pulling', download: progress ? { ...progress } : null });
    for (const table of tables) {
      if (this.stopped) return;
      if (!this.isOnline()) {
        // Gone offline mid-pull: the rest waits for the reconnect (which pushes queued writes first).
        this.pullDue = scope === 'all' ? 'all' : (this.pullDue ?? 'user');
        this.update({ phase: 'offline', download: null });
        return;
      }
      await this.pullTable(table, fresh.includes(table) ? progress : null);
    }
    await this.pullDeletions();
    await this.store.setLastSyncedAt(this.clock.now());
    this.update({ download: null, lastSyncedAt: this.clock.now(), lastError: null });
  }

  private async pullTable(table: SyncTableName, progress: DownloadProgress | null): Promise<void> {
    const stored = await this.store.getCursor(table);
    let cursor: Cursor = stored ? overlapStart(stored, this.overlapMs) : ORIGIN_CURSOR;
    let best = stored;
    // Live queries hear about pulled pages at most once a second (and when the table is done):
    // re-running every screen query after every page of a first download doubled its time.
    let announcedAt = -Infinity;
    let unannounced = false;
    let next: Promise<Row[]> = this.transport.pullPage(table, cursor, this.pageSize);
    try {
      for (;;) {
        const rows = await next;
        if (this.stopped) return;
        if (rows.length) {
          const last = rows[rows.length - 1];
          cursor = { updated_at: String(last.updated_at), id: String(last.id) };
          best = maxCursor(best, cursor);
        }
        // Fetch the next page while this one is written (network and IndexedDB overlap).
        const more = rows.length === this.pageSize;
        if (more) {
          next = this.transport.pullPage(table, cursor, this.pageSize);
          next.catch(() => undefined); // handled when awaited
        }
        // Rows and cursor in one local transaction.
        const written = await this.store.applyPulled(table, rows, { notify: false, cursor: rows.length && best ? best : undefined });
        if (written > 0) unannounced = true;
        if (unannounced && this.clock.now() - announcedAt >= NOTIFY_EVERY_MS) {
          this.store.notifyChanged([table]);
          announcedAt = this.clock.now();
          unannounced = false;
        }
        if (rows.length) this.emit({ type: 'pulled', table, count: written });
        if (progress) {
          progress.done = Math.min(progress.total, progress.done + rows.length);
          this.update({ download: { ...progress } });
        }
        if (!more) break;
        // A write made during a long download goes up between pages, not after the whole catalogue.
        if (this.again) {
          await this.push();
          this.update({ phase: 'pulling', download: progress ? { ...progress } : null });
        }
      }
    } finally {
      if (unannounced) this.store.notifyChanged([table]);
    }
    if (best === null) await this.store.setCursor(table, { ...ORIGIN_CURSOR }); // pulled: empty table
  }

  private async pullDeletions(): Promise<void> {
    const stored = await this.store.getDeletedCursor();
    let cursor: Cursor = stored ? overlapStart(stored, this.overlapMs) : ORIGIN_CURSOR;
    let best = stored;
    for (;;) {
      const rows = await this.transport.pullDeleted(cursor, this.pageSize);
      if (this.stopped) return;
      const byTable = new Map<SyncTableName, string[]>();
      for (const r of rows) {
        if (!knownTable(r.table_name)) continue;
        byTable.set(r.table_name, [...(byTable.get(r.table_name) ?? []), r.row_id]);
      }
      for (const [table, ids] of byTable) await this.store.applyDeleted(table, ids);
      if (rows.length) {
        const last = rows[rows.length - 1];
        cursor = { updated_at: last.updated_at, id: last.id };
        best = maxCursor(best, cursor);
        await this.store.setDeletedCursor(best);
      }
      if (rows.length < this.pageSize) break;
    }
  }
}
