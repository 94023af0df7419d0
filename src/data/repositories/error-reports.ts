// The one error-report path (SPEC §3 Error report, §8 severity, §9 history of 100): every handled
// error, the error boundaries' "Report Issue" and sync failures become an error_reports row plus
// its outbox op, so reports made offline arrive later. Signed out, the op is queued without a user
// and the sync worker sends it as a plain insert (the table's RLS lets anyone add a report).
import type { MotorlyDb } from '../db';
import { insertRowInTx, readWriteContext, updateRow, writeTables } from '../outbox';
import type { ErrorReport, Severity } from '../types';

/** Reports kept on this device (SPEC §9: error report history 100). */
export const ERROR_HISTORY_LIMIT = 100;
/** The server's limit on a report's message (error_reports.message check). */
export const MAX_REPORT_MESSAGE = 4000;

export type { Severity };

export interface ErrorReportInput {
  message: string;
  severity: Severity;
  /** Where it happened, e.g. 'app', 'route:marketplace', 'sync'. */
  component?: string;
  action?: string;
  metadata?: Record<string, unknown>;
  /** The user's own words ('Report Issue'). */
  comment?: string;
  /** Where and on what: filled in by the caller (the app layer knows the route and version). */
  route?: string;
  userAgent?: string;
  appVersion?: string;
}

/** What error_reports.context holds beside component, action and metadata. */
export interface ErrorReportContext {
  component?: string;
  action?: string;
  metadata?: Record<string, unknown>;
  app_version?: string;
  route?: string;
  user_agent?: string;
  comment?: string;
}

function contextOf(input: ErrorReportInput): ErrorReportContext {
  const context: ErrorReportContext = {
    component: input.component,
    action: input.action,
    metadata: input.metadata ?? {},
    app_version: input.appVersion,
    route: input.route,
    user_agent: input.userAgent?.slice(0, 500),
    comment: input.comment?.slice(0, MAX_REPORT_MESSAGE),
  };
  for (const key of Object.keys(context) as (keyof ErrorReportContext)[])
    if (context[key] === undefined) delete context[key];
  return context;
}

/** Identical reports this close together are one report with a count (a burst of 100 is one row). */
export const BURST_WINDOW_MS = 60_000;

const sameReport = (a: ErrorReport, input: ErrorReportInput, message: string) => {
  const c = a.context as ErrorReportContext;
  return (
    a.message === message &&
    a.severity === input.severity &&
    c.component === input.component &&
    c.action === input.action &&
    c.route === input.route &&
    !c.comment &&
    !input.comment
  );
};

/**
 * Folds `input` into an identical report of the last BURST_WINDOW_MS whose create op is still queued:
 * its metadata.count goes up in the row and in the op, so the server gets one row. Null when none.
 */
async function coalesce(db: MotorlyDb, input: ErrorReportInput, message: string): Promise<ErrorReport | null> {
  // The sync layer throttles its own reports (once a minute per problem); its reports are not folded here.
  if (input.component === 'sync') return null;
  const since = new Date(Date.now() - BURST_WINDOW_MS).toISOString();
  const recent = await db.error_reports.where('reported_at').above(since).toArray();
  for (const report of recent.reverse()) {
    if (!sameReport(report, input, message)) continue;
    const op = await db.outbox.where('[table+row_id]').equals(['error_reports', report.id]).first();
    if (!op || op.type !== 'create') continue;
    const ctx = report.context as ErrorReportContext;
    const count = Number(ctx.metadata?.count ?? 1) + 1;
    const context: ErrorReportContext = {
      ...ctx,
      metadata: { ...ctx.metadata, count, last_at: new Date().toISOString() },
    };
    const next = { ...report, context };
    await Promise.all([db.error_reports.put(next), db.outbox.update(op.id, { data: { ...op.data, context } })]);
    return next;
  }
  return null;
}

/**
 * Stores a report and queues it for the server (signed in or not), keeping the newest
 * ERROR_HISTORY_LIMIT on this device; older ones leave the device once sent (their ops stay queued).
 */
export async function recordErrorReport(db: MotorlyDb, input: ErrorReportInput): Promise<ErrorReport> {
  return db.transaction('rw', writeTables(db, 'error_reports'), async () => {
    const message = input.message.slice(0, MAX_REPORT_MESSAGE) || 'Unknown error';
    const folded = await coalesce(db, input, message);
    if (folded) return folded;
    const ctx = await readWriteContext(db);
    const report = await insertRowInTx(
      db,
      ctx,
      'error_reports',
      {
        message,
        context: contextOf(input),
        severity: input.severity,
        reported_at: new Date().toISOString(),
        resolved: false,
      },
      { allowSignedOut: true, queueSignedOut: true },
    );
    const over = (await db.error_reports.count()) - ERROR_HISTORY_LIMIT;
    if (over > 0)
      await db.error_reports.bulkDelete(await db.error_reports.orderBy('reported_at').limit(over).primaryKeys());
    return report;
  });
}

/** The reports kept on this device, newest first. */
export async function recentErrorReports(db: MotorlyDb, limit = ERROR_HISTORY_LIMIT): Promise<ErrorReport[]> {
  return db.error_reports.orderBy('reported_at').reverse().limit(limit).toArray();
}

/**
 * An admin marks a report (a row of the server's list, any reporter's) resolved: the row is stored on
 * this device and the update goes through the outbox like any write, so it also syncs after offline.
 */
export async function resolveErrorReport(
  db: MotorlyDb,
  report: ErrorReport,
  resolved = true,
): Promise<ErrorReport | undefined> {
  return db.transaction('rw', writeTables(db, 'error_reports'), async () => {
    if (!(await db.error_reports.get(report.id))) await db.error_reports.put(report);
    return updateRow(db, 'error_reports', report.id, { resolved }, {}, { serverRow: true });
  });
}
