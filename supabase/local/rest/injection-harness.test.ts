// The injection property's oracle (auditSql): request text may stand in SQL only inside quoted identifiers, whole
// or as the planner legitimately cuts it; a quote that broke out leaves a fragment, and the audit names it.
import { describe, expect, it } from 'vitest';
import { auditSql } from './injection-harness';

describe('auditSql', () => {
  it("accepts a JSON path's last key as the column's name (a counterexample the property found)", () => {
    const hostile = '$$ select 1 $$all->zqpwn';
    const sql =
      'select ((("pgrst_t0"."price"->>$1::text)->$2::text))::"public"."citext" as "zqpwn" from public."car_models" as "pgrst_t0"';
    expect(auditSql(sql, 'zqpwn', hostile)).toEqual([]);
  });

  it('names a quoted fragment that is no name the hostile string stands for', () => {
    const hostile = 'a" or "zqpwn';
    expect(auditSql('select "zqpwn" from public."brands"', 'zqpwn', hostile)).toEqual([
      'identifier "zqpwn" is not the hostile name',
    ]);
  });

  it('names the canary outside quotes', () => {
    expect(auditSql('select 1 zqpwn', 'zqpwn').length).toBeGreaterThan(0);
  });
});
