// Issue 31 hole 1: a select cast takes a type name only (cast.ts); what reaches SQL is a quoted
// name or one of the keyword types' own spellings.
import { describe, expect, it } from 'vitest';
import { ApiError } from './errors';
import { castSeparator, castTypeSql, parseCastType } from './cast';

const sql = (raw: string) => castTypeSql(parseCastType(raw));

describe('issue 31 hole 1: cast type names', () => {
  it('quotes plain and schema-qualified names, folded to lower case as Postgres folds them', () => {
    expect(sql('text')).toBe('"text"');
    expect(sql(' TEXT ')).toBe('"text"');
    expect(sql('jsonb[]')).toBe('"jsonb"[]');
    expect(sql('pg_catalog.int4[][]')).toBe('"pg_catalog"."int4"[][]');
  });

  it('spells the keyword types itself', () => {
    expect(sql('int')).toBe('integer');
    expect(sql('Double  Precision')).toBe('double precision');
    expect(sql('timestamp with time zone[]')).toBe('timestamp with time zone[]');
    expect(sql('char')).toBe('character');
    expect(sql('decimal')).toBe('numeric');
  });

  it.each([
    'text as x from car_models as pgrst_t0 union all select null',
    'text;select 1',
    'text/**/',
    'text--',
    '"text"',
    "text'",
    'int)union(select 1',
    'double\tprecision',
    'a.b.c',
    'text[',
    '',
    'x'.repeat(64),
    'int' + '[]'.repeat(7),
  ])('refuses %j with PGRST100', (raw) => {
    const err = (() => {
      try {
        parseCastType(raw);
      } catch (e) {
        return e;
      }
      return null;
    })();
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(400);
    expect((err as ApiError).code).toBe('PGRST100');
  });

  it('finds the cast separator outside quoted json keys', () => {
    expect(castSeparator('data->>"a::b"::int')).toBe(13);
    expect(castSeparator('data->>"a::b"')).toBe(-1);
    expect(castSeparator('id::text')).toBe(2);
  });
});
