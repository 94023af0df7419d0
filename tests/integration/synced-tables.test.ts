// The synced-tables list (src/data/synced-tables.ts) and the SQL stay in step. A table is synced on the
// server when its deletes are logged for pullers (a log_deletion trigger): every such table is in the
// list (or named below as server-only), and every listed table has what the sync needs: id, an
// updated_at kept by touch_updated_at (the pull cursor), RLS, and user_id where realtime filters on it.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { SYNCED_TABLES } from '../../src/data/synced-tables';

/** Tables that log deletions but no client syncs: admin, server-side and write-only tables. */
const SERVER_ONLY_LOGGED = ['newsletter_subscriptions', 'performance_metrics', 'security_events', 'user_roles'];

const root = join(__dirname, '..', '..');
let db: PGlite;

async function execDir(dir: string): Promise<void> {
  for (const f of readdirSync(dir)
    .filter((n) => n.endsWith('.sql'))
    .sort())
    await db.exec(readFileSync(join(dir, f), 'utf8'));
}

async function tablesWithTrigger(fn: string): Promise<string[]> {
  const { rows } = await db.query<{ name: string }>(
    `select distinct c.relname as name from pg_trigger t
       join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace
       join pg_proc p on p.oid = t.tgfoid
      where n.nspname = 'public' and p.proname = $1 and not t.tgisinternal order by 1`,
    [fn],
  );
  return rows.map((r) => r.name);
}

beforeAll(async () => {
  db = await PGlite.create({ extensions: { pgcrypto } });
  await execDir(join(root, 'supabase', 'local', 'bootstrap'));
  await execDir(join(root, 'supabase', 'migrations'));
});

describe('synced tables list and SQL', () => {
  it('lists every table whose deletes the SQL logs for pullers, and nothing else', async () => {
    const logged = await tablesWithTrigger('log_deletion');
    const listed = SYNCED_TABLES.map((t) => t.name);
    expect(logged.filter((t) => !SERVER_ONLY_LOGGED.includes(t)).sort()).toEqual([...listed].sort());
    for (const t of SERVER_ONLY_LOGGED) expect(logged).toContain(t);
  });

  it('gives every listed table an id, a touched updated_at and RLS', async () => {
    const touched = await tablesWithTrigger('touch_updated_at');
    for (const { name } of SYNCED_TABLES) {
      expect(touched, name).toContain(name);
      const { rows } = await db.query<{ rls: boolean; cols: string[] }>(
        `select c.relrowsecurity as rls,
                array(select a.attname::text from pg_attribute a where a.attrelid = c.oid and a.attnum > 0
                        and not a.attisdropped) as cols
           from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = 'public' and c.relname = $1`,
        [name],
      );
      expect(rows[0]?.rls, name).toBe(true);
      expect(rows[0]?.cols, name).toEqual(expect.arrayContaining(['id', 'updated_at']));
      if (SYNCED_TABLES.find((t) => t.name === name)?.realtime === 'own')
        expect(rows[0]?.cols, `${name}: realtime filters on user_id`).toContain('user_id');
    }
  });
});
