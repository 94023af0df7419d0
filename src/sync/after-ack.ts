// After an ack the local copy must become the server's (defaults, triggers, writes from others that
// arrived while ours were pending). apply_mutations returns the row as written (`row`) with each
// 'applied' result; those rows are stored as they are. A result without one (an older server, a
// 'duplicate' replay) falls back to re-reading the row: one select per table once the queue is quiet.
import type { OutboxOp, SyncTableName } from '@/data/types';
import type { CycleContext } from './engine-types';
import { syncError } from './sync-errors';
import { compareCursor } from './timestamps';
import type { Row, WireResult } from './transport';

/** Tables a user may insert into but not read back (so a re-read must not delete the local row). */
export const WRITE_ONLY_TABLES = new Set<SyncTableName>(['error_reports']);

/** Ids per re-read request (they travel in the URL as id=in.(...)). */
const REFETCH_CHUNK = 200;

interface Acked {
  table: SyncTableName;
  rowId: string;
  /** The row as the server wrote it; undefined: re-read it. */
  row: Row | undefined;
}

const rowCursor = (r: Row) => ({ updated_at: String(r.updated_at), id: String(r.id) });

export class AckedRows {
  /** "table:row_id" -> the row's last acknowledged write. */
  private readonly rows = new Map<string, Acked>();

  constructor(private readonly ctx: CycleContext) {}

  /** Notes an acknowledged op; the row's last acked op decides (a deleted row needs nothing). */
  note(op: OutboxOp, result: WireResult): void {
    if (WRITE_ONLY_TABLES.has(op.table)) return;
    const key = `${op.table}:${op.row_id}`;
    if (op.type === 'delete') {
      this.rows.delete(key);
      return;
    }
    const row = result.status === 'applied' && result.row && typeof result.row === 'object' ? result.row : undefined;
    this.rows.set(key, { table: op.table, rowId: op.row_id, row });
  }

  /** Stores the returned rows and re-reads the others; call when the queue is quiet. */
  async flush(): Promise<void> {
    const entries = [...this.rows.values()];
    this.rows.clear();
    const returned = new Map<SyncTableName, Row[]>();
    const missing: { table: SyncTableName; rowId: string }[] = [];
    for (const e of entries) {
      if (e.row) returned.set(e.table, [...(returned.get(e.table) ?? []), e.row]);
      else missing.push(e);
    }
    for (const [table, rows] of returned) {
      // A pull that went past the row's write may have skipped a newer version of it (the row had a
      // pending op then): such a row is re-read instead of being put back as we wrote it.
      const cursor = await this.ctx.store.getCursor(table);
      const current = cursor ? rows.filter((r) => compareCursor(rowCursor(r), cursor) >= 0) : rows;
      for (const r of rows) if (!current.includes(r)) missing.push({ table, rowId: String(r.id) });
      if (current.length) await this.ctx.store.applyPulled(table, current);
    }
    if (missing.length) await refetchRows(this.ctx, missing);
  }
}

/**
 * Re-reads rows from the server (one select per table and chunk) and stores them; rows the server
 * no longer has are deleted locally. A failure is reported and left to the next catch-up pull.
 */
export async function refetchRows(
  ctx: CycleContext,
  rows: readonly { table: SyncTableName; rowId: string }[],
): Promise<void> {
  const byTable = new Map<SyncTableName, Set<string>>();
  for (const { table, rowId } of rows) byTable.set(table, (byTable.get(table) ?? new Set()).add(rowId));
  for (const [table, idSet] of byTable) {
    const ids = [...idSet];
    for (let i = 0; i < ids.length; i += REFETCH_CHUNK) {
      const chunk = ids.slice(i, i + REFETCH_CHUNK);
      let found: Row[];
      try {
        found = await ctx.transport.fetchByIds(table, chunk);
      } catch (err) {
        ctx.state.pullDue = 'all'; // the next catch-up brings them
        ctx.emit(syncError('refetch', err, ctx.clock.now()));
        return;
      }
      await ctx.store.applyPulled(table, found);
      const seen = new Set(found.map((r) => String(r.id)));
      await ctx.store.applyDeleted(
        table,
        chunk.filter((id) => !seen.has(id)),
      );
    }
  }
}

/** Rows the store asked to re-read (after a Discard, say). */
export async function processRequestedRefetch(ctx: CycleContext): Promise<void> {
  const byTable = await ctx.store.takeRefetch();
  const rows: { table: SyncTableName; rowId: string }[] = [];
  for (const [table, ids] of byTable) for (const rowId of ids) rows.push({ table, rowId });
  if (rows.length) await refetchRows(ctx, rows);
}
