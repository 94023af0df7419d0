// The SQL column defaults of public.user_preference_profiles must be the TypeScript defaults: a
// profile created on the server and one created offline by the app have to start out the same.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultPreferenceProfileFields } from './preference-profile.ts';

const MIGRATIONS = join(import.meta.dirname, '../../../supabase/migrations');

/** Column -> default SQL text (null: no default) from the create table and any later alter column. */
function sqlDefaults(): Map<string, string | null> {
  const defaults = new Map<string, string | null>();
  for (const file of readdirSync(MIGRATIONS)
    .filter((f) => f.endsWith('.sql'))
    .sort()) {
    const sql = readFileSync(join(MIGRATIONS, file), 'utf8');
    const table = /create table public\.user_preference_profiles \(([\s\S]*?)\n\);/.exec(sql);
    for (const line of table?.[1].split('\n') ?? []) {
      const col = /^\s+([a-z_]+)\s+(?!key\b)[a-z]/.exec(line);
      if (!col || /^\s+(check|unique|primary|constraint)\b/.test(line)) continue;
      const def = / default (.+?)(?: check \(| references |,?\s*$)/.exec(line);
      defaults.set(col[1], def ? def[1].trim() : null);
    }
    const alter =
      /alter table (?:only )?public\.user_preference_profiles\s+alter column ([a-z_]+) (set default (.+?)|drop default);/g;
    for (const m of sql.matchAll(alter)) defaults.set(m[1], m[3] ?? null);
  }
  return defaults;
}

/** The value a SQL default literal stands for ('{}' text[] -> [], jsonb -> object, integer -> number). */
function sqlValue(text: string | null): unknown {
  if (text === null) return null;
  const jsonb = /^'(.*)'::jsonb$/.exec(text);
  if (jsonb) return JSON.parse(jsonb[1]);
  if (text === "'{}'") return [];
  if (/^-?\d+$/.test(text)) return Number(text);
  throw new Error(`unexpected SQL default: ${text}`);
}

describe('preference profile defaults', () => {
  const sql = sqlDefaults();

  it('finds the table in the migrations', () => {
    expect(sql.get('budget_min')).toBe('15000');
    expect(sql.has('user_id')).toBe(true);
  });

  it.each(Object.entries(defaultPreferenceProfileFields()))('%s matches the SQL column default', (column, value) => {
    expect(sql.has(column)).toBe(true);
    expect(sqlValue(sql.get(column) ?? null)).toEqual(value);
  });
});
