// An in-memory server implementing the apply_mutations contract (brief D / C) and cursor pulls,
// with switchable faults. Used by the engine's unit tests and the chaos test; never shipped.
import { compareCursor, fromMicros, toMicros } from '../timestamps';
import {
  TransportError,
  type ColumnIn,
  type DeletedRow,
  type Row,
  type SyncTransport,
  type WireOp,
  type WireResult,
} from '../transport';
import type { Cursor } from '@/data/types';

export interface LedgerEntry {
  op_id: string;
  client_id: string;
  seq: number;
  table: string;
  row_id: string;
  type: WireOp['type'];
  order: number;
}

export interface FakeServerFaults {
  /** Every call fails as a network error (server unreachable). */
  down: boolean;
  /** The next n calls answer 503. */
  fail5xx: number;
  /** The next n apply_mutations calls commit, then the response is lost. */
  dropResponses: number;
  /** The next n calls answer 429. */
  rateLimited: number;
}

const DENYLIST = new Set(['mutation_ledger', 'deleted_rows']);

export class FakeServer {
  readonly tables = new Map<string, Map<string, Row>>();
  readonly deleted: DeletedRow[] = [];
  readonly ledger = new Map<string, LedgerEntry>();
  /** How many times each op_id's effect was applied (must never exceed 1). */
  readonly applyCount = new Map<string, number>();
  /** Rows a client may not write (RLS): every op on them fails with 42501. */
  readonly forbiddenRows = new Set<string>();
  /** Rows whose ops fail with a given server error (e.g. the enquiry limit's PT429). */
  readonly rejectedRows = new Map<string, { code: string; message: string }>();
  /** Known columns per table; an op with another column fails with PGRST204. */
  readonly columns = new Map<string, Set<string>>();
  faults: FakeServerFaults = { down: false, fail5xx: 0, dropResponses: 0, rateLimited: 0 };
  /** apply_mutations results carry the written row (false: a server from before that field). */
  returnsRows = true;
  /** Rows inserted without a user (signed-out error reports). */
  readonly anonymousInserts: Row[] = [];
  calls = { apply: 0, pull: 0 };
  private micros = BigInt(Date.UTC(2026, 10, 22)) * 1000n;
  private order = 0;
  /** Access-token generation: a transport whose token is older gets 401 until it refreshes. */
  tokenGeneration = 0;

  nextTimestamp(): string {
    this.micros += 1n;
    return fromMicros(this.micros);
  }

  table(name: string): Map<string, Row> {
    let t = this.tables.get(name);
    if (!t) {
      t = new Map();
      this.tables.set(name, t);
    }
    return t;
  }

  /** A server-side write (admin, trigger or another service), bypassing the ledger. */
  upsertRow(table: string, row: Row): Row {
    const t = this.table(table);
    const next = { ...(t.get(String(row.id)) ?? {}), ...row, updated_at: this.nextTimestamp() };
    t.set(String(row.id), next);
    return next;
  }

  deleteRow(table: string, id: string): void {
    const t = this.table(table);
    if (!t.delete(id)) return;
    const ts = this.nextTimestamp();
    this.deleted.push({
      id: crypto.randomUUID(),
      table_name: table,
      row_id: id,
      user_id: null,
      deleted_at: ts,
      updated_at: ts,
    });
  }

  private checkFaults(): void {
    if (this.faults.down) throw new TransportError('network', 'Failed to fetch', 0);
    if (this.faults.fail5xx > 0) {
      this.faults.fail5xx--;
      throw new TransportError('server', 'Service Unavailable', 503);
    }
    if (this.faults.rateLimited > 0) {
      this.faults.rateLimited--;
      throw new TransportError('rate-limit', 'Too Many Requests', 429);
    }
  }

  /** apply_mutations as the contract describes it; one "transaction" per call. */
  applyMutations(clientId: string, ops: WireOp[]): WireResult[] {
    const failedRows = new Set<string>();
    return ops.map((op): WireResult => {
      const key = `${op.table}:${op.row_id}`;
      if (this.ledger.has(op.op_id)) return { op_id: op.op_id, status: 'duplicate' };
      if (failedRows.has(key)) return { op_id: op.op_id, status: 'skipped' };
      const fail = (code: string, message: string): WireResult => {
        failedRows.add(key);
        return { op_id: op.op_id, status: 'error', code, message };
      };
      if (DENYLIST.has(op.table) || this.forbiddenRows.has(op.row_id))
        return fail('42501', 'new row violates row-level security policy');
      const rejected = this.rejectedRows.get(op.row_id);
      if (rejected) return fail(rejected.code, rejected.message);
      const known = this.columns.get(op.table);
      const cols = Object.keys(op.data).filter((c) => c !== '$inc');
      if (known && cols.some((c) => !known.has(c))) return fail('PGRST204', 'unknown column');
      const affected = this.applyOne(op);
      this.ledger.set(op.op_id, {
        op_id: op.op_id,
        client_id: clientId,
        seq: op.seq,
        table: op.table,
        row_id: op.row_id,
        type: op.type,
        order: this.order++,
      });
      this.applyCount.set(op.op_id, (this.applyCount.get(op.op_id) ?? 0) + 1);
      if (!this.returnsRows) return { op_id: op.op_id, status: 'applied', affected };
      const written = op.type === 'delete' ? null : this.table(op.table).get(op.row_id);
      return { op_id: op.op_id, status: 'applied', affected, row: written ? structuredClone(written) : null };
    });
  }

  /** A plain insert without a user (RLS lets anyone add an error report); a present id is a duplicate. */
  insertAnonymous(ops: WireOp[]): WireResult[] {
    return ops.map((op): WireResult => {
      const t = this.table(op.table);
      if (t.has(op.row_id)) return { op_id: op.op_id, status: 'duplicate' };
      if (op.table !== 'error_reports' || op.type !== 'create')
        return { op_id: op.op_id, status: 'error', code: '42501' };
      const row = { ...op.data, id: op.row_id, updated_at: this.nextTimestamp() };
      t.set(op.row_id, row);
      this.anonymousInserts.push(structuredClone(row));
      return { op_id: op.op_id, status: 'applied' };
    });
  }

  private applyOne(op: WireOp): number {
    const t = this.table(op.table);
    const { $inc, ...cols } = op.data;
    if (op.type === 'create') {
      const existing = t.get(op.row_id);
      t.set(op.row_id, { ...(existing ?? {}), ...cols, id: op.row_id, updated_at: this.nextTimestamp() });
      return 1;
    }
    if (op.type === 'update') {
      const existing = t.get(op.row_id);
      if (!existing) return 0;
      const next: Row = { ...existing, ...cols };
      for (const [c, n] of Object.entries($inc ?? {})) next[c] = Number(existing[c] ?? 0) + n;
      next.updated_at = this.nextTimestamp();
      t.set(op.row_id, next);
      return 1;
    }
    if (!t.has(op.row_id)) return 0;
    this.deleteRow(op.table, op.row_id);
    return 1;
  }

  rowsAfter(table: string, after: Cursor, limit: number, where?: ColumnIn): Row[] {
    return [...this.table(table).values()]
      .filter((r) => !where || where.values.includes(String(r[where.column])))
      .filter((r) => compareCursor({ updated_at: String(r.updated_at), id: String(r.id) }, after) > 0)
      .sort((a, b) =>
        compareCursor(
          { updated_at: String(a.updated_at), id: String(a.id) },
          { updated_at: String(b.updated_at), id: String(b.id) },
        ),
      )
      .slice(0, limit)
      .map((r) => structuredClone(r));
  }

  deletedAfter(after: Cursor, limit: number): DeletedRow[] {
    return this.deleted
      .filter((d) => compareCursor({ updated_at: d.updated_at, id: d.id }, after) > 0)
      .sort((a, b) => compareCursor({ updated_at: a.updated_at, id: a.id }, { updated_at: b.updated_at, id: b.id }))
      .slice(0, limit);
  }

  /** A transport as one client sees the server (its own token generation and call log). */
  transport(opts: { onApply?: (ops: WireOp[]) => void; onCall?: () => void } = {}): FakeTransport {
    return new FakeTransport(this, opts.onApply, opts.onCall);
  }

  /** Makes every client's access token expire (they must refresh). */
  expireTokens(): void {
    this.tokenGeneration++;
  }

  checkCall(token: number): void {
    this.checkFaults();
    if (token < this.tokenGeneration) throw new TransportError('auth', 'JWT expired', 401, 'PGRST303');
  }

  takeDrop(): boolean {
    if (this.faults.dropResponses > 0) {
      this.faults.dropResponses--;
      return true;
    }
    return false;
  }
}

export class FakeTransport implements SyncTransport {
  token: number;
  refreshes = 0;
  requests: WireOp[][] = [];

  constructor(
    private readonly server: FakeServer,
    private readonly onApply?: (ops: WireOp[]) => void,
    private readonly onCall: () => void = () => undefined,
  ) {
    this.token = server.tokenGeneration;
  }

  async applyMutations(clientId: string, ops: WireOp[]): Promise<WireResult[]> {
    await Promise.resolve();
    this.server.calls.apply++;
    this.onCall();
    this.requests.push(ops);
    this.onApply?.(ops);
    this.server.checkCall(this.token);
    const results = this.server.applyMutations(clientId, structuredClone(ops));
    if (this.server.takeDrop()) throw new TransportError('network', 'Failed to fetch', 0);
    return results;
  }

  async insertAnonymous(ops: WireOp[]): Promise<WireResult[]> {
    await Promise.resolve();
    this.onCall();
    this.server.checkCall(this.token);
    return this.server.insertAnonymous(structuredClone(ops));
  }

  fetchCalls = 0;

  async pullPage(table: string, after: Cursor, limit: number, where?: ColumnIn): Promise<Row[]> {
    await Promise.resolve();
    this.server.calls.pull++;
    this.onCall();
    this.server.checkCall(this.token);
    return this.server.rowsAfter(table, after, limit, where);
  }

  /** Each call's ids and `since`, for tests of the scoped listing pull. */
  readonly byIdCalls: { table: string; ids: string[]; since: string | null }[] = [];

  async pullByIds(table: string, ids: readonly string[], since: string | null): Promise<Row[]> {
    await Promise.resolve();
    this.byIdCalls.push({ table, ids: [...ids], since });
    this.onCall();
    this.server.checkCall(this.token);
    const t = this.server.table(table);
    return ids.flatMap((id) => {
      const row = t.get(id);
      if (!row || (since && toMicros(String(row.updated_at)) < toMicros(since))) return [];
      return [structuredClone(row)];
    });
  }

  async pullDeleted(after: Cursor, limit: number): Promise<DeletedRow[]> {
    await Promise.resolve();
    this.onCall();
    this.server.checkCall(this.token);
    return this.server.deletedAfter(after, limit);
  }

  async count(table: string): Promise<number> {
    this.server.checkCall(this.token);
    return this.server.table(table).size;
  }

  async fetchByIds(table: string, ids: string[]): Promise<Row[]> {
    this.fetchCalls++;
    this.onCall();
    this.server.checkCall(this.token);
    const t = this.server.table(table);
    return ids.flatMap((id) => (t.has(id) ? [structuredClone(t.get(id)!)] : []));
  }

  async refreshAuth(): Promise<boolean> {
    if (this.server.faults.down) throw new TransportError('network', 'Failed to fetch', 0);
    this.refreshes++;
    this.token = this.server.tokenGeneration;
    return true;
  }
}

/** A manual clock: time moves only when a test advances it. */
export class FakeClock {
  private t: number;
  private seqNo = 0;
  private readonly timers = new Map<number, { at: number; cb: () => void }>();

  constructor(start = Date.UTC(2026, 10, 22, 9)) {
    this.t = start;
  }

  now = (): number => this.t;

  setTimeout = (cb: () => void, ms: number): unknown => {
    const id = ++this.seqNo;
    this.timers.set(id, { at: this.t + ms, cb });
    return id;
  };

  clearTimeout = (h: unknown): void => {
    this.timers.delete(h as number);
  };

  /** Moves time forward, firing due timers in order; `settle` runs after each firing. */
  async advance(ms: number, settle: () => Promise<void> = async () => undefined): Promise<void> {
    const end = this.t + ms;
    for (;;) {
      const due = [...this.timers.entries()].filter(([, v]) => v.at <= end).sort((a, b) => a[1].at - b[1].at)[0];
      if (!due) break;
      this.timers.delete(due[0]);
      this.t = Math.max(this.t, due[1].at);
      due[1].cb();
      await settle();
    }
    this.t = end;
    await settle();
  }

  /** Time passing without firing timers (a request's latency, work inside a cycle). */
  skew(ms: number): void {
    this.t += ms;
  }

  pendingTimers(): number {
    return this.timers.size;
  }
}
