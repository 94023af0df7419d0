// Rows of a small table by id, read as new ids are asked for. A page of results asks for its dealers again with
// the next page's: a bulkGet of every id on each page is one IndexedDB get per id on the page's main thread (about
// 100 ids after a few pages: a 49 ms task at 4x CPU while scrolling the 1280 px grid, bench:scroll-tasks trace).
import type { Table } from 'dexie';

export class RowsById<T extends { id: string }> {
  /** Each id read so far: its row, or null when the table has none. */
  private readonly known = new Map<string, T | null>();

  /**
   * The rows of `ids` that the table holds, reading only ids not read before. `changed`: the table changed since
   * the last read (a live query's re-run), so every id is read again. The table's count is read beside them so a
   * live query over this read re-runs on any change to the table, not only to the ids read this time.
   */
  async read(
    table: Pick<Table<T, string>, 'count' | 'bulkGet'>,
    ids: readonly string[],
    changed: boolean,
  ): Promise<Map<string, T>> {
    if (changed) this.known.clear();
    const missing = [...new Set(ids)].filter((id) => !this.known.has(id));
    const [, rows] = await Promise.all([table.count(), missing.length ? table.bulkGet(missing) : []]);
    missing.forEach((id, i) => this.known.set(id, rows[i] ?? null));
    const found = new Map<string, T>();
    for (const id of ids) {
      const row = this.known.get(id);
      if (row) found.set(id, row);
    }
    return found;
  }
}
