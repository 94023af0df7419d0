import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PULL_COLUMNS, pullSelect } from './pull-columns';
import { CATALOGUE_TABLES, USER_TABLES } from './types';

const MIGRATIONS = join(process.cwd(), 'supabase/migrations');

/** Server columns of a table, from its create table block and later add column statements. */
function serverColumns(table: string): Set<string> {
  const cols = new Set<string>();
  for (const file of readdirSync(MIGRATIONS).filter((f) => f.endsWith('.sql'))) {
    const sql = readFileSync(join(MIGRATIONS, file), 'utf8');
    const block = new RegExp(`create table (?:if not exists )?public\\.${table} \\(([\\s\\S]*?)\\n\\);`, 'i').exec(sql);
    // One or more column definitions per line ("length_mm integer, width_mm integer,").
    for (const part of block?.[1].split(/,|\n/) ?? []) {
      const name = /^\s*([a-z_][a-z0-9_]*)\s/.exec(part)?.[1];
      if (name && !['constraint', 'primary', 'unique', 'check', 'foreign'].includes(name)) cols.add(name);
    }
    // An alter table statement may add several columns ("add column a int, add column b text;").
    const altered = new RegExp(`alter table (?:only )?public\\.${table}\\s+([^;]*);`, 'gi');
    for (const stmt of sql.matchAll(altered))
      for (const m of stmt[1].matchAll(/add column (?:if not exists )?([a-z_0-9]+)/gi)) cols.add(m[1]);
  }
  return cols;
}

describe('pull column lists', () => {
  it('lists columns for every catalogue table, each once, with the cursor columns', () => {
    for (const table of CATALOGUE_TABLES) {
      const cols = PULL_COLUMNS[table];
      expect(cols, table).toBeDefined();
      expect(new Set(cols).size, table).toBe(cols!.length);
      expect(cols, table).toEqual(expect.arrayContaining(['id', 'updated_at']));
    }
  });

  it('asks only for columns the server has', () => {
    for (const table of CATALOGUE_TABLES) {
      const server = serverColumns(table);
      expect(server.size, table).toBeGreaterThan(3);
      expect(
        PULL_COLUMNS[table]!.filter((c) => !server.has(c)),
        table,
      ).toEqual([]);
    }
  });

  it('never asks for the locally derived listing fields', () => {
    for (const derived of ['colour_key', 'ulez', 'annual_tax'])
      expect(PULL_COLUMNS.vehicle_listings).not.toContain(derived);
  });

  it('builds the select list, and * for the user tables stored whole', () => {
    expect(pullSelect('brands')).toBe('id,created_at,updated_at,slug,name,country,founded,logo_url,description');
    for (const table of USER_TABLES) expect(pullSelect(table)).toBe('*');
  });
});
