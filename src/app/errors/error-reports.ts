// The app's side of the one error-report path: fills in where and on what the error happened
// (route, user agent, app version) and hands the report to the error_reports repository, which
// keeps the last 100 on this device and queues each for the server through the outbox.
import { storeErrorReport, type ErrorReportInput } from '@/data/error-reports';
import type { Severity } from '@/data/types';
import { env } from '@/shared/lib/env';
import type { ErrorContext } from '@/shared/lib/errors';

/** The report text of any thrown value (never its stack). */
export function errorText(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  if (typeof error === 'string') return error;
  if (error && typeof error === 'object' && typeof Reflect.get(error, 'message') === 'string')
    return String(Reflect.get(error, 'message'));
  return String(error);
}

/** The stack of a thrown Error, cut to fit a report (the admin's detail shows it); undefined otherwise. */
export function errorStack(error: unknown): string | undefined {
  return error instanceof Error && typeof error.stack === 'string' && error.stack
    ? error.stack.slice(0, 4000)
    : undefined;
}

function where(): Pick<ErrorReportInput, 'route' | 'userAgent' | 'appVersion'> {
  const hasWindow = typeof window !== 'undefined';
  return {
    route: hasWindow ? window.location.pathname + window.location.search : undefined,
    userAgent: typeof navigator !== 'undefined' ? navigator.userAgent : undefined,
    appVersion: env.appVersion,
  };
}

function save(input: ErrorReportInput): Promise<void> {
  // Reporting must never throw into an error handler: a failed local write is logged only.
  return storeErrorReport({ ...where(), ...input }).then(
    () => undefined,
    (err: unknown) => console.error('Could not store the error report', err),
  );
}

/** Records a handled error (boundaries, global handlers, failed actions). */
export function recordError(error: unknown, context: ErrorContext, severity: Severity): Promise<void> {
  const stack = errorStack(error);
  return save({
    message: errorText(error),
    severity,
    ...context,
    ...(stack ? { metadata: { ...context.metadata, stack } } : {}),
  });
}

/** 'Report Issue': the error again, marked as sent by the user, with the user's own comment. */
export function reportIssue(error: unknown, context: ErrorContext, severity: Severity, comment = ''): Promise<void> {
  return save({
    message: errorText(error),
    severity,
    ...context,
    action: 'report-issue',
    comment: comment.trim() || undefined,
    metadata: { ...context.metadata, reported_by_user: true, stack: errorStack(error) },
  });
}
