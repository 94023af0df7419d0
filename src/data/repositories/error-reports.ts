// The one error-report path (SPEC §3 Error report, §8 severity, §9 history of 100): every handled
// error, the error boundaries' "Report Issue" and sync failures become an error_reports row plus
// its outbox op, so reports made offline arrive later. Signed out, the op is queued without a user
// and the sync worker sends it as a plain insert (the table's RLS lets anyone add a report).
import type { MotorlyDb } from '../db';
import { insertRowInTx, readWriteContext, writeTables } from '../outbox';
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
  for (const key of Object.keys(context) as (keyof ErrorReportContext)[]) if (context[key] === undefined) delete context[key];
  return context;
}

/**
 * Stores a report and queues it for the server (signed in or not), keeping the newest
 * ERROR_HISTORY_LIMIT on this device; older ones leave the device once sent (their ops stay queued).
 */
export async function recordErrorReport(db: MotorlyDb, input: ErrorReportInput): Promise<ErrorReport> {
  return db.transaction('rw', writeTables(db, 'error_reports'), async () => {
    const ctx = await readWriteContext(db);
    const report = await insertRowInTx(
      db,
      ctx,
      'error_reports',
      {
        message: input.message.slice(0, MAX_REPORT_MESSAGE) || 'Unknown error',
        context: contextOf(input),
        severity: input.severity,
        reported_at: new Date().toISOString(),
        resolved: false,
      },
      { allowSignedOut: true, queueSignedOut: true },
    );
    const over = (await db.error_reports.count()) - ERROR_HISTORY_LIMIT;
    if (over > 0) await db.error_reports.bulkDelete(await db.error_reports.orderBy('reported_at').limit(over).primaryKeys());
    return report;
  });
}

/** The reports kept on this device, newest first. */
export async function recentErrorReports(db: MotorlyDb, limit = ERROR_HISTORY_LIMIT): Promise<ErrorReport[]> {
  return db.error_reports.orderBy('reported_at').reverse().limit(limit).toArray();
}
