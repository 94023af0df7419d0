// Friendly error text and severity (SPEC §8). Users never see stack traces, SQL or raw server text
// from here: every error is classified into one of a few causes, each with a fixed message.

export type ErrorCause = 'network' | 'permission' | 'not-found' | 'timeout' | 'auth' | 'database' | 'unknown';

/** The one severity scale (error_reports.severity's check allows exactly these). */
export type Severity = 'low' | 'medium' | 'high' | 'critical';

export interface ErrorContext {
  /** Where it happened, e.g. 'auth', 'notifications', 'global'. */
  component?: string;
  action?: string;
  metadata?: Record<string, unknown>;
}

export const FRIENDLY_MESSAGES: Record<ErrorCause, string> = {
  network: 'Please check your internet connection and try again.',
  permission: 'You do not have permission to perform this action.',
  'not-found': 'The requested information could not be found.',
  timeout: 'The request timed out. Please try again.',
  auth: 'There was a problem with authentication. Please try signing in again.',
  database: 'There was a problem accessing the data. Please try again.',
  unknown: 'An unexpected error occurred. Please try again or contact support if the problem persists.',
};

interface ErrorFacts {
  text: string;
  status?: number;
  code?: string;
  name: string;
}

function readFacts(error: unknown): ErrorFacts {
  if (typeof error === 'string') return { text: error.toLowerCase(), name: '' };
  if (error && typeof error === 'object') {
    const e = error as { message?: unknown; status?: unknown; code?: unknown; name?: unknown; details?: unknown };
    const message = typeof e.message === 'string' ? e.message : '';
    const details = typeof e.details === 'string' ? e.details : '';
    const status = typeof e.status === 'number' ? e.status : undefined;
    const code = typeof e.code === 'string' ? e.code : undefined;
    const name = typeof e.name === 'string' ? e.name : '';
    return { text: `${message} ${details}`.toLowerCase(), status, code, name: name.toLowerCase() };
  }
  return { text: '', name: '' };
}

const has = (text: string, words: string[]) => words.some((w) => text.includes(w));

/** Classifies an error by its text, HTTP status and PostgREST/SQLSTATE code. */
export function classifyError(error: unknown, context: ErrorContext = {}): ErrorCause {
  const { text, status, code, name } = readFacts(error);
  if (
    has(text, ['network', 'failed to fetch', 'fetch failed', 'load failed', 'offline']) ||
    has(name, ['fetcherror', 'networkerror']) ||
    status === 0
  )
    return 'network';
  if (
    has(text, ['unauthorized', 'forbidden', 'permission denied', 'not allowed']) ||
    status === 403 ||
    code === '42501'
  )
    return 'permission';
  if (has(text, ['timeout', 'timed out']) || status === 408 || status === 504 || name === 'aborterror')
    return 'timeout';
  if (has(text, ['not found', 'could not be found', 'no rows']) || status === 404 || code === 'PGRST116')
    return 'not-found';
  if (
    has(context.component?.toLowerCase() ?? '', ['auth']) ||
    has(text, ['auth', 'jwt', 'session', 'token', 'login', 'credentials']) ||
    status === 401 ||
    name.startsWith('auth')
  )
    return 'auth';
  if (
    has(text, ['database', 'postgres', 'sql', 'relation', 'constraint', 'duplicate key', 'violates']) ||
    (code !== undefined && (/^PGRST/.test(code) || /^[0-9A-Z]{5}$/.test(code)))
  )
    return 'database';
  return 'unknown';
}

/** The user-facing sentence for any error (SPEC §8 table). */
export function friendlyMessage(error: unknown, context: ErrorContext = {}): string {
  return FRIENDLY_MESSAGES[classifyError(error, context)];
}

export interface SeverityOptions extends ErrorContext {
  /** True for window 'error' / 'unhandledrejection' events. */
  global?: boolean;
  /** Milliseconds since app start when the error happened. */
  sinceStartMs?: number;
}

/** Global errors this soon after start are treated as low (startup noise, extensions). */
export const STARTUP_GRACE_MS = 3_000;

/** SPEC §8 severity: API 5xx high, other API errors medium; auth and database high; early globals low. */
export function errorSeverity(error: unknown, opts: SeverityOptions = {}): Severity {
  if (opts.global && (opts.sinceStartMs ?? Infinity) < STARTUP_GRACE_MS) return 'low';
  const { status } = readFacts(error);
  if (status !== undefined && status >= 500) return 'high';
  const cause = classifyError(error, opts);
  if (cause === 'auth' || cause === 'database') return 'high';
  return 'medium';
}

/** Low severity shows no toast. */
export function shouldNotify(severity: Severity): boolean {
  return severity !== 'low';
}

/** Title for an error toast: high/critical ones are 'Critical Error'. */
export function errorTitle(severity: Severity): string {
  return severity === 'high' || severity === 'critical' ? 'Critical Error' : 'Something went wrong';
}
