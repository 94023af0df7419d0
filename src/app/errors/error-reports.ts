// Error report history kept on this device (SPEC §3 Error report; history 100, SPEC §9). The admin
// error screen and a later sync step read it from here.
import type { ErrorContext, ErrorSeverity } from '@/shared/lib/errors';

export interface ErrorReport {
  message: string;
  context: ErrorContext;
  timestamp: string;
  severity: ErrorSeverity;
  /** The user pressed Report Issue for it. */
  reportedByUser?: boolean;
}

export const ERROR_HISTORY_LIMIT = 100;
const KEY = 'motorly:error-reports';

export function readErrorReports(): ErrorReport[] {
  try {
    const raw = localStorage.getItem(KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    return Array.isArray(parsed) ? (parsed as ErrorReport[]) : [];
  } catch {
    return [];
  }
}

function write(list: ErrorReport[]): void {
  try {
    localStorage.setItem(KEY, JSON.stringify(list.slice(-ERROR_HISTORY_LIMIT)));
  } catch {
    // Storage full or disabled: the report only lives in memory for this screen.
  }
}

export function recordError(error: unknown, context: ErrorContext, severity: ErrorSeverity): ErrorReport {
  const message = error instanceof Error ? error.message : String(error);
  const report: ErrorReport = { message: message.slice(0, 4000), context, severity, timestamp: new Date().toISOString() };
  write([...readErrorReports(), report]);
  return report;
}

/** Marks the newest report as sent by the user (Report Issue), adding one if none matches. */
export function reportIssue(error: unknown, context: ErrorContext): void {
  const message = error instanceof Error ? error.message : String(error);
  const list = readErrorReports();
  const last = list[list.length - 1];
  if (last && last.message === message.slice(0, 4000)) {
    last.reportedByUser = true;
    write(list);
  } else {
    write([...list, { message, context, severity: 'high', timestamp: new Date().toISOString(), reportedByUser: true }]);
  }
}
