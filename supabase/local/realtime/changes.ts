// Turns trigger notifications into postgres_changes payloads: fetches the row (the notify payload only
// carries keys), describes its columns, and checks per subscriber, as their role and claims, that RLS
// lets them see it.
import type { Db, JwtClaims } from '../types';

export interface ChangeNotice {
  schema: string;
  table: string;
  type: 'INSERT' | 'UPDATE' | 'DELETE';
  id: string;
  old: Record<string, unknown> | null;
  /** The new row when the trigger could fit it into the notification. */
  record: Record<string, unknown> | null;
  ts: string;
}

export interface ColumnInfo {
  name: string;
  type: string;
}

export function parseNotice(payload: string): ChangeNotice | null {
  try {
    const n = JSON.parse(payload) as Partial<ChangeNotice>;
    if (typeof n.schema !== 'string' || typeof n.table !== 'string' || typeof n.id !== 'string') return null;
    if (n.type !== 'INSERT' && n.type !== 'UPDATE' && n.type !== 'DELETE') return null;
    return {
      schema: n.schema,
      table: n.table,
      type: n.type,
      id: n.id,
      old: n.old ?? null,
      record: n.record ?? null,
      ts: n.ts ?? new Date().toISOString(),
    };
  } catch {
    return null;
  }
}

const quote = (ident: string) => `"${ident.replace(/"/g, '""')}"`;

export class ChangeReader {
  private columns = new Map<string, ColumnInfo[]>();

  constructor(private readonly db: Db) {}

  /** Column names and type names (pg_type.typname, e.g. int4, _text) as Supabase Realtime reports them. */
  async columnsOf(schema: string, table: string): Promise<ColumnInfo[]> {
    const key = `${schema}.${table}`;
    const cached = this.columns.get(key);
    if (cached) return cached;
    const { rows } = await this.db.query<{ name: string; type: string }>(
      `select a.attname as name, t.typname as type
         from pg_attribute a
         join pg_class c on c.oid = a.attrelid
         join pg_namespace n on n.oid = c.relnamespace
         join pg_type t on t.oid = a.atttypid
        where n.nspname = $1 and c.relname = $2 and a.attnum > 0 and not a.attisdropped
        order by a.attnum`,
      [schema, table],
    );
    this.columns.set(key, rows);
    return rows;
  }

  async tableExists(schema: string, table: string): Promise<boolean> {
    return (await this.columnsOf(schema, table)).length > 0;
  }

  /** `t.id = $1::<id type>` so the primary-key index is used. */
  private async idMatch(schema: string, table: string): Promise<string | null> {
    const id = (await this.columnsOf(schema, table)).find((c) => c.name === 'id');
    return id ? `t.id = cast($1 as ${quote(id.type)})` : null;
  }

  /** The row as JSON (numbers, booleans, objects, arrays typed as in PostgREST), read as the owner. */
  async fetchRow(schema: string, table: string, id: string): Promise<Record<string, unknown> | null> {
    const match = await this.idMatch(schema, table);
    if (!match) return null;
    const { rows } = await this.db.query<{ r: Record<string, unknown> | string }>(
      `select to_jsonb(t) as r from ${quote(schema)}.${quote(table)} t where ${match}`,
      [id],
    );
    const r = rows[0]?.r;
    if (r == null) return null;
    return typeof r === 'string' ? (JSON.parse(r) as Record<string, unknown>) : r;
  }

  /** Runs `sql` as the subscriber's role and claims, in a transaction of its own; its rows' `id`s. */
  private async idsAs(claims: JwtClaims, sql: string, params: unknown[]): Promise<Set<string>> {
    const role = claims.role === 'authenticated' ? 'authenticated' : 'anon';
    return this.db.transaction(async (tx) => {
      await tx.query(
        "select set_config('role', $1, true), set_config('request.jwt.claims', $2, true), set_config('search_path', 'public, extensions', true)",
        [role, JSON.stringify(claims)],
      );
      const { rows } = await tx.query<{ id: string }>(sql, params);
      return new Set(rows.map((r) => String(r.id)));
    });
  }

  /**
   * RLS decides: of these rows (by id), the ones the subscriber's role and claims may select. One
   * transaction for any number of rows, so a burst of changes (a 200-op push) costs one check, not 200.
   */
  async visibleIds(claims: JwtClaims, schema: string, table: string, ids: readonly string[]): Promise<Set<string>> {
    if (claims.role === 'service_role') return new Set(ids);
    const id = (await this.columnsOf(schema, table)).find((c) => c.name === 'id');
    if (!id || !ids.length) return new Set();
    try {
      // = any(array) of the id type: the primary-key index, however many ids.
      return await this.idsAs(
        claims,
        `select t.id::text as id from ${quote(schema)}.${quote(table)} t
          where t.id = any (array(select cast(x as ${quote(id.type)}) from jsonb_array_elements_text($1::jsonb) x))`,
        [JSON.stringify(ids)],
      );
    } catch {
      return new Set(); // no grant / RLS error -> not visible
    }
  }

  /**
   * A deleted row is gone, so its tombstone decides: public.deleted_rows keeps the row's owner and
   * visibility at delete time and its RLS follows the source row's, read here as the subscriber. Of
   * these deleted ids of `table`, the ones whose tombstone the subscriber reads (one transaction).
   */
  async deletionsVisibleTo(
    claims: JwtClaims,
    schema: string,
    table: string,
    ids: readonly string[],
  ): Promise<Set<string>> {
    if (claims.role === 'service_role') return new Set(ids);
    if (schema !== 'public' || !ids.length) return new Set();
    try {
      return await this.idsAs(
        claims,
        `select distinct d.row_id::text as id from public.deleted_rows d
          where d.table_name = $1
            and d.row_id = any (array(select cast(x as uuid) from jsonb_array_elements_text($2::jsonb) x))`,
        [table, JSON.stringify(ids)],
      );
    } catch {
      return new Set(); // not a uuid key / no grant -> not visible
    }
  }
}
