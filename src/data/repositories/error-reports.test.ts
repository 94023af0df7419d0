import { describe, expect, it } from 'vitest';
import { MotorlyDb } from '../db';
import { setSessionUser } from '../session';
import { ERROR_HISTORY_LIMIT, recentErrorReports, recordErrorReport, resolveErrorReport } from './error-reports';
import { withTestDb } from '../testing/test-db';

const USER = '11111111-1111-4111-8111-111111111111';
let db: MotorlyDb;
withTestDb('error-reports', (d) => (db = d));

describe('error reports', () => {
  it('store message, context, severity and where it happened, and queue the report', async () => {
    await setSessionUser(db, USER);
    const r = await recordErrorReport(db, {
      message: 'x'.repeat(5000),
      severity: 'critical',
      component: 'app',
      action: 'report-issue',
      metadata: { listing: 'l1' },
      comment: 'Pressed save',
      route: '/marketplace',
      userAgent: 'UA',
      appVersion: '1.2.3',
    });
    expect(r.message).toHaveLength(4000);
    expect(r).toMatchObject({ severity: 'critical', user_id: USER, resolved: false });
    expect(r.context).toEqual({
      component: 'app',
      action: 'report-issue',
      metadata: { listing: 'l1' },
      comment: 'Pressed save',
      route: '/marketplace',
      user_agent: 'UA',
      app_version: '1.2.3',
    });
    const [op] = await db.outbox.toArray();
    expect(op).toMatchObject({ table: 'error_reports', type: 'create', user_id: USER, row_id: r.id });
  });

  it('keep the newest 100 on this device, while every one stays queued for the server', async () => {
    for (let i = 0; i < ERROR_HISTORY_LIMIT + 5; i++)
      await recordErrorReport(db, { message: `e${i}`, severity: 'low' });
    expect(await db.error_reports.count()).toBe(ERROR_HISTORY_LIMIT);
    expect(await db.outbox.count()).toBe(ERROR_HISTORY_LIMIT + 5);
    const kept = (await recentErrorReports(db)).map((r) => r.message);
    expect(kept).toContain(`e${ERROR_HISTORY_LIMIT + 4}`);
    expect(kept).not.toContain('e0');
  });

  it('coalesce a burst of identical errors into one queued report with a count', async () => {
    await setSessionUser(db, USER);
    for (let i = 0; i < 100; i++)
      await recordErrorReport(db, { message: 'boom', severity: 'medium', component: 'app' });
    await recordErrorReport(db, { message: 'other', severity: 'medium', component: 'app' });
    expect(await db.error_reports.count()).toBe(2);
    const ops = await db.outbox.toArray();
    expect(ops).toHaveLength(2);
    const boom = ops.find((op) => op.data.message === 'boom');
    expect((boom?.data.context as { metadata: { count: number } }).metadata.count).toBe(100);
  });

  it('never fold a report with a comment or one already sent', async () => {
    await setSessionUser(db, USER);
    await recordErrorReport(db, { message: 'boom', severity: 'high', comment: 'It broke' });
    await recordErrorReport(db, { message: 'boom', severity: 'high', comment: 'It broke' });
    await db.outbox.clear(); // sent
    await recordErrorReport(db, { message: 'boom', severity: 'high' });
    await recordErrorReport(db, { message: 'boom', severity: 'high' });
    expect(await db.error_reports.count()).toBe(3);
  });

  it("queue an admin's resolve of another reporter's (even signed-out) report", async () => {
    await setSessionUser(db, USER);
    const row = {
      id: '22222222-2222-4222-8222-222222222222',
      user_id: null,
      message: 'x',
      context: {},
      severity: 'low' as const,
      reported_at: new Date().toISOString(),
      resolved: false,
      created_at: new Date().toISOString(),
      updated_at: new Date().toISOString(),
    };
    const next = await resolveErrorReport(db, row);
    expect(next?.resolved).toBe(true);
    const [op] = await db.outbox.toArray();
    expect(op).toMatchObject({ type: 'update', table: 'error_reports', row_id: row.id, data: { resolved: true } });
  });
});
