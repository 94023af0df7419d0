// PostgREST-style errors: {code, message, details, hint} with PostgREST's HTTP status mapping.
export interface ErrorBody {
  code: string;
  message: string;
  details: string | null;
  hint: string | null;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: string | null = null,
    readonly hint: string | null = null,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }

  body(): ErrorBody {
    return { code: this.code, message: this.message, details: this.details, hint: this.hint };
  }
}

export const badRequest = (message: string, details: string | null = null) =>
  new ApiError(400, 'PGRST100', message, details);

export const unknownColumn = (column: string, table: string) =>
  new ApiError(400, 'PGRST204', `Could not find the '${column}' column of '${table}' in the schema cache`);

export const unknownTable = (table: string) =>
  new ApiError(404, 'PGRST205', `Could not find the table 'public.${table}' in the schema cache`);

interface PgLikeError {
  code: string;
  message: string;
  detail?: string;
  hint?: string;
}

/** Errors raised by Postgres (node-pg and PGlite both expose a five-character SQLSTATE `code`). */
export function isPgError(err: unknown): err is PgLikeError {
  if (typeof err !== 'object' || err === null) return false;
  const e = err as Record<string, unknown>;
  return typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code) && typeof e.message === 'string';
}

const SERVER_ERROR_CLASSES = [
  '08',
  '09',
  '25',
  '2D',
  '38',
  '39',
  '3B',
  '40',
  '53',
  '55',
  '57',
  '58',
  'F0',
  'HV',
  'P0',
  'XX',
];

/** SQLSTATE -> HTTP status, as PostgREST maps it (role decides 401 vs 403 for 42501). */
export function statusForSqlState(code: string, role: string): number {
  if (code.startsWith('PT')) {
    const n = Number(code.slice(2));
    return n >= 100 && n <= 599 ? n : 500;
  }
  switch (code) {
    case '23503':
    case '23505':
      return 409;
    case '25006':
      return 405;
    case '42501':
      return role === 'anon' ? 401 : 403;
    case '42P01':
    case '42883':
      return 404;
    case 'P0001':
      return 400;
    case '53400':
    case '54000':
    case '54001':
      return 400; // limits hit by a request's own input (too long, too deep): the client's problem
  }
  const cls = code.slice(0, 2);
  if (cls === '08' || cls === '53') return 503;
  if (SERVER_ERROR_CLASSES.includes(cls)) return 500;
  return 400;
}

const GENERIC = 'Something went wrong while handling the request. Please try again.';
/** Raised by local_rest.embed_budget() (supabase/local/sql/20-rest-limits.sql). */
export const EMBED_LIMIT_SQLSTATE = 'LRE01';

function embedLimitError(budget: string | undefined): ApiError {
  return new ApiError(
    400,
    'PGRST190',
    'Too many embedded rows',
    `The rows embedded through one-to-many relationships would exceed ${budget ?? 'the allowed'} bytes`,
    'Limit the embedded resources (e.g. ?select=*,reviews(*)&reviews.limit=10) or narrow the filters',
  );
}

/** Any error -> ApiError. Unexpected errors become a generic 500 (no SQL, no stack). */
export function toApiError(err: unknown, role: string): ApiError {
  if (err instanceof ApiError) return err;
  if (isPgError(err)) {
    if (err.code === EMBED_LIMIT_SQLSTATE) return embedLimitError(err.detail);
    // PostgREST passes the timeout through as is: the caller learns what happened, nothing more.
    if (err.code === '57014') return new ApiError(500, '57014', 'canceling statement due to statement timeout');
    const status = statusForSqlState(err.code, role);
    if (status >= 500) return new ApiError(status, err.code, GENERIC);
    // Syntax errors can only come from our generated SQL (e.g. a hostile cast): don't echo them.
    if (err.code === '42601') return new ApiError(400, 'PGRST100', 'The request could not be parsed');
    return new ApiError(status, err.code, err.message, err.detail ?? null, err.hint ?? null);
  }
  return new ApiError(500, 'PGRST000', GENERIC);
}
