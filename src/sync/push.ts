// Push: the outbox goes up in seq order, in batches, through apply_mutations (a signed-in user's
// ops) or a plain insert (error reports made while signed out: apply_mutations requires a user).
// An expired token is refreshed once per batch without spending a try; a failed request spends
// one try of every op in it and holds the queue for the retry delay; per-op errors block their row.
import type { OutboxOp, SyncTableName } from '@/data/types';
import type { AckedRows } from './after-ack';
import type { CycleContext } from './engine-types';
import { friendlyFailure, syncError } from './sync-errors';
import { TransportError, isPermanentCode, type WireOp, type WireResult } from './transport';

/** Tables whose signed-out rows are queued with user_id null and sent without a user. */
export const ANONYMOUS_TABLES = new Set<SyncTableName>(['error_reports']);

/**
 * Telemetry nobody acts on: a write the server refuses for good (its hourly or per-request limit, a size
 * check) is dropped quietly, with no notice and nothing in "needs attention".
 */
export const DROP_WHEN_REFUSED = new Set<SyncTableName>(['search_interactions']);

/**
 * Rows the server makes and the client only annotates (a recommendation's shown_count and clicked): a
 * refused annotation means the server no longer has that row (it re-ranked on another device, or its
 * database was reset), which the user cannot fix. The op is dropped and the row re-read, so the stale
 * local copy goes and is not shown (nor annotated) again.
 */
export const SERVER_MADE_ROWS = new Set<SyncTableName>(['personalized_recommendations']);

/** The account a batch goes up as: the signed-in user's, or none (plain insert). */
export type BatchOwner = 'user' | 'anonymous';

/** Which kind of request may carry this op now; null: it waits (another account's op). */
export function opOwner(op: OutboxOp, userId: string | null, authBlocked: boolean): BatchOwner | null {
  if (op.user_id === null) return ANONYMOUS_TABLES.has(op.table) && op.type === 'create' ? 'anonymous' : null;
  return userId !== null && op.user_id === userId && !authBlocked ? 'user' : null;
}

type SendOutcome = WireResult[] | 'stop';

export class Pusher {
  constructor(
    private readonly ctx: CycleContext,
    private readonly acked: AckedRows,
  ) {}

  /** Sends batches until the queue has nothing eligible, then settles acknowledged rows. */
  async push(): Promise<void> {
    const { ctx } = this;
    const clientId = await ctx.store.clientId();
    for (;;) {
      if (ctx.isStopped() || !ctx.isOnline()) return;
      if (ctx.clock.now() < ctx.state.backoffUntil) return;
      const userId = await ctx.store.sessionUserId();
      const { owner, batch } = await this.nextBatch(userId);
      if (!batch.length) {
        // Settle acknowledged rows once the queue is quiet: one select per table, not per batch.
        await this.acked.flush();
        return;
      }
      // The connection (or the tech demo's offline switch) may have gone while the batch was read:
      // under load that read takes long enough for a write made after going offline to be in it.
      if (ctx.isStopped() || !ctx.isOnline()) return;
      ctx.update({ phase: 'pushing', inFlight: batch.length });
      const results = await this.send(clientId, batch, owner);
      if (ctx.isStopped()) return;
      ctx.update({ inFlight: 0 });
      if (results === 'stop') return;
      await this.handleResults(batch, results);
    }
  }

  /**
   * The eligible ops for the next request, in seq order, one owner per request, skipping blocked rows.
   * The queue is read a page at a time (twice the batch size), not whole: a long queue drains in many
   * batches, and each would otherwise re-read all of it.
   */
  private async nextBatch(userId: string | null): Promise<{ owner: BatchOwner; batch: OutboxOp[] }> {
    const { ctx } = this;
    const now = ctx.clock.now();
    const blocked = await ctx.store.parkedRowKeys();
    const { batchSize } = ctx.settings;
    const batch: OutboxOp[] = [];
    let owner: BatchOwner | null = null;
    let afterSeq = -Infinity;
    for (;;) {
      const page = await ctx.store.pendingOpsAfter(afterSeq, batchSize * 2);
      for (const op of page) {
        const opOwnerNow = opOwner(op, userId, ctx.state.authBlocked);
        if (opOwnerNow === null || (owner !== null && opOwnerNow !== owner)) continue;
        const key = `${op.table}:${op.row_id}`;
        if (blocked.has(key)) continue;
        if (op.next_attempt_at > now) {
          blocked.add(key); // later ops on this row wait behind it
          continue;
        }
        owner = opOwnerNow;
        batch.push(op);
        if (batch.length >= batchSize) return { owner, batch };
      }
      if (page.length < batchSize * 2) return { owner: owner ?? 'user', batch };
      afterSeq = page[page.length - 1].seq;
    }
  }

  private request(clientId: string, wire: WireOp[], owner: BatchOwner): Promise<WireResult[]> {
    return owner === 'user'
      ? this.ctx.transport.applyMutations(clientId, wire)
      : this.ctx.transport.insertAnonymous(wire);
  }

  /** Sends one batch; refreshes an expired token once without spending a try. */
  private async send(clientId: string, batch: OutboxOp[], owner: BatchOwner): Promise<SendOutcome> {
    const { ctx } = this;
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
        return await this.request(clientId, wire, owner);
      } catch (caught) {
        if (ctx.isStopped()) return 'stop';
        const first = asTransportError(caught);
        let err = first;
        if (first.kind === 'auth' && !refreshed) {
          refreshed = true;
          let ok: boolean | TransportError;
          try {
            ok = await ctx.transport.refreshAuth();
          } catch (refreshErr) {
            ok = asTransportError(refreshErr);
          }
          if (ctx.isStopped()) return 'stop';
          if (ok === true) continue;
          if (ok === false) {
            ctx.state.authBlocked = true; // no session to refresh: wait for sign-in (authChanged)
            ctx.update({ phase: 'signed-out', inFlight: 0 });
            return 'stop';
          }
          ctx.emit(syncError('auth-refresh', ok, ctx.clock.now()));
          err = ok; // the refresh itself failed (e.g. network): an ordinary failed try below
        }
        if (!ctx.isOnline()) {
          ctx.update({ phase: 'offline', online: false, inFlight: 0 });
          return 'stop'; // offline spends no tries
        }
        await this.failBatch(batch, err);
        return 'stop';
      }
    }
  }

  /** The whole request failed: each op spends a try, and nothing is sent for the retry delay. */
  private async failBatch(batch: OutboxOp[], e: TransportError): Promise<void> {
    const { ctx } = this;
    const now = ctx.clock.now();
    ctx.state.backoffUntil = now + ctx.settings.retryDelayMs;
    const message = friendlyFailure(e.code ?? null, e.kind);
    let parked = 0;
    for (const op of batch) {
      const outcome = await ctx.store.recordFailure(op.id, {
        code: e.code ?? String(e.status ?? e.kind),
        message,
        // Not a per-row block: the whole queue waits on backoffUntil, so order is kept.
        nextAttemptAt: 0,
        failure: 'transient',
      });
      if (outcome === 'parked') parked++;
    }
    ctx.update({ phase: 'backoff', lastError: message, inFlight: 0 });
    ctx.emit(syncError('push', e, now));
    if (parked) {
      ctx.state.resumeAt = Math.min(ctx.state.resumeAt, now + ctx.settings.resumeDelayMs);
      ctx.emit({ type: 'sync-failed', count: parked, message });
    }
  }

  /** Whether the row of a refused delete is invisible to this user on the server (false if unknown). */
  private async goneForUser(op: OutboxOp): Promise<boolean> {
    try {
      return (await this.ctx.transport.fetchByIds(op.table, [op.row_id])).length === 0;
    } catch (e) {
      this.ctx.emit(syncError('refetch', e, this.ctx.clock.now()));
      return false;
    }
  }

  private async handleResults(batch: OutboxOp[], results: WireResult[]): Promise<void> {
    const { ctx } = this;
    const byId = new Map(results.map((r) => [r.op_id, r]));
    const done: OutboxOp[] = [];
    const now = ctx.clock.now();
    let parked = 0;
    let lastFailure: WireResult | null = null;
    for (const op of batch) {
      const r = byId.get(op.id);
      if (r && (r.status === 'applied' || r.status === 'duplicate')) {
        done.push(op);
        this.acked.note(op, r);
        continue;
      }
      if (r?.status === 'skipped') continue; // blocked behind an earlier failed op on its row
      if (r?.status === 'error' && r.code === '42501' && op.type === 'delete' && (await this.goneForUser(op))) {
        // The server has no row this user can see (deleted on another device, or never created there):
        // that is what the delete asked for. A row still visible but not deletable parks as usual.
        done.push(op);
        continue;
      }
      const code = r?.code ?? null;
      if (r?.status === 'error' && SERVER_MADE_ROWS.has(op.table) && isPermanentCode(code, op.table)) {
        done.push(op);
        this.acked.note(op, r); // no row in an error: re-read it when the queue is quiet (gone: removed)
        continue;
      }
      if (r?.status === 'error' && DROP_WHEN_REFUSED.has(op.table) && isPermanentCode(code, op.table)) {
        done.push(op);
        continue;
      }
      lastFailure = r ?? { op_id: op.id, status: 'error', code: 'missing-result' };
      const failure = isPermanentCode(code, op.table) ? 'permanent' : 'transient';
      const message = friendlyFailure(code, undefined, r?.message);
      const outcome = await ctx.store.recordFailure(op.id, {
        code,
        message,
        nextAttemptAt: now + ctx.settings.retryDelayMs,
        failure,
      });
      if (outcome === 'parked') {
        parked++;
        if (failure === 'transient')
          ctx.state.resumeAt = Math.min(ctx.state.resumeAt, now + ctx.settings.resumeDelayMs);
      }
    }
    const lastMessage = lastFailure ? friendlyFailure(lastFailure.code ?? null, undefined, lastFailure.message) : null;
    if (done.length) {
      await ctx.store.ackOps(done.map((o) => o.id));
      await ctx.store.setLastSyncedAt(ctx.clock.now());
      ctx.update({ lastSyncedAt: ctx.clock.now(), lastError: lastMessage });
    }
    if (lastFailure && lastMessage) {
      ctx.update({ lastError: lastMessage });
      const cause = `apply_mutations ${lastFailure.status} ${lastFailure.code ?? ''}`.trim();
      ctx.emit({ ...syncError('push', cause, now), message: lastMessage, code: lastFailure.code ?? null });
    }
    if (parked) ctx.emit({ type: 'sync-failed', count: parked, message: lastMessage ?? friendlyFailure(null) });
  }
}

function asTransportError(err: unknown): TransportError {
  return err instanceof TransportError ? err : new TransportError('network', String(err));
}
