import { describe, expect, it } from 'vitest';
import { catalogueSql, insertStatements, sqlLiteral } from './sql';
import type { Catalogue } from './types';

describe('sqlLiteral', () => {
  it('quotes and types values', () => {
    expect(sqlLiteral(null)).toBe('null');
    expect(sqlLiteral(12.5)).toBe('12.5');
    expect(sqlLiteral(true)).toBe('true');
    expect(sqlLiteral("King's Lynn")).toBe("'King''s Lynn'");
    expect(sqlLiteral([])).toBe("'{}'::text[]");
    expect(sqlLiteral(["it's", 'b'])).toBe("array['it''s', 'b']::text[]");
    expect(sqlLiteral({ a: "o'k" })).toBe(`'{"a":"o''k"}'::jsonb`);
    expect(() => sqlLiteral(Number.NaN)).toThrow(RangeError);
    // Arrays that are not all strings are jsonb (car_models.production_years, issue 34).
    expect(sqlLiteral([[2019, null]])).toBe("'[[2019,null]]'::jsonb");
    expect(() => sqlLiteral(() => 1)).toThrow(TypeError);
  });
});

describe('insertStatements', () => {
  it('batches rows and refuses mismatched columns', () => {
    const rows = Array.from({ length: 5 }, (_, i) => ({ id: `id${i}`, n: i }));
    const statements = insertStatements('t', rows, 2);
    expect(statements).toHaveLength(3);
    expect(statements[0]).toBe("insert into public.t (id, n) values\n('id0', 0),\n('id1', 1)\non conflict do nothing;");
    expect(() => insertStatements('t', [{ a: 1 }, { b: 2 }])).toThrow(/different columns/);
  });

  it('wraps the catalogue in one transaction, parents first', () => {
    const empty: Catalogue = {
      brands: [],
      car_models: [],
      reviews: [],
      dealers: [],
      vehicle_listings: [],
      listing_price_history: [],
    };
    const sql = catalogueSql({ ...empty, dealers: [{ id: 'd' } as never], brands: [{ id: 'b' } as never] });
    expect(sql.indexOf('public.brands')).toBeLessThan(sql.indexOf('public.dealers'));
    expect(sql.trim().startsWith('--')).toBe(true);
    expect(sql).toContain('begin;');
    expect(sql.trim().endsWith('commit;')).toBe(true);
  });
});
