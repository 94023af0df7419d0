// Typed sync failures. Every edge that used to swallow an error (an empty catch) now turns it into
// a 'sync-error' event: the status card lists the recent ones and the leader records them through
// the error-report path. Messages are SPEC §8 sentences; `cause` is a short technical line (error
// name, status, code), never a stack trace.
import { INVALID_EMAIL_MESSAGE } from '@/shared/lib/email';
import { TransportError } from './transport';

export type SyncErrorKind =
  /** A whole apply_mutations request failed, or ops came back as errors. */
  | 'push'
  /** A catch-up or first-download pull failed. */
  | 'pull'
  /** Re-reading acknowledged rows failed (the next catch-up brings them). */
  | 'refetch'
  /** Refreshing an expired access token failed. */
  | 'auth-refresh'
  /** Applying a realtime change locally, or (re)subscribing, failed. */
  | 'realtime'
  /** The leader could not handle a page's command (online, sign-in, ...). */
  | 'command'
  /** The page could not switch the local store to the signed-in account. */
  | 'auth-change'
  /** Reading the outbox counts failed (database closed, storage error). */
  | 'queue'
  /** Background Sync could not be registered with the service worker. */
  | 'background-sync';

export interface SyncErrorEvent {
  type: 'sync-error';
  kind: SyncErrorKind;
  /** What the user may read (SPEC §8 wording). */
  message: string;
  /** Short technical cause for the report: "TransportError network 0", "DatabaseClosedError ...". */
  cause: string;
  /** SQLSTATE / PostgREST code when the server gave one. */
  code: string | null;
  /** HTTP status when known (5xx makes the report high severity). */
  status: number | null;
  /** When it happened (ms since epoch). */
  time: number;
}

const NETWORK_MESSAGE = 'Please check your internet connection and try again.';
const PERMISSION_MESSAGE = 'You do not have permission to perform this action.';
const DATA_MESSAGE = 'There was a problem accessing the data. Please try again.';
const RATE_MESSAGE = 'Too many attempts. Please try again later.';
/** The listing price guards' refusals (migration *_listing_price_guards.sql), by the key its message starts with. */
export const PRICE_OUT_OF_RANGE_MESSAGE = 'Price refused: it must be between £100 and £5,000,000.';
export const PRICE_NEEDS_CONFIRMATION_MESSAGE =
  'Price refused: a cut of more than 30%, or a price under £500, must be confirmed. Set it again and confirm it.';

/**
 * SPEC §5 / §8 wording for a failure, never SQL or a stack trace. `serverMessage` (the server's own
 * text) only picks among these sentences: an e-mail address the database refused gets SPEC §5's.
 */
export function friendlyFailure(
  code: string | null,
  kind?: TransportError['kind'],
  serverMessage?: string | null,
): string {
  if (kind === 'network') return NETWORK_MESSAGE;
  if (code === '42501' || kind === 'auth') return PERMISSION_MESSAGE;
  if (kind === 'rate-limit' || code === 'PT429') return RATE_MESSAGE;
  if (code === '23514' && /_email_valid\b/.test(serverMessage ?? '')) return INVALID_EMAIL_MESSAGE;
  if (code === '23514' && serverMessage?.startsWith('listing_price_out_of_range')) return PRICE_OUT_OF_RANGE_MESSAGE;
  if (code === '23514' && serverMessage?.startsWith('listing_price_needs_confirmation'))
    return PRICE_NEEDS_CONFIRMATION_MESSAGE;
  return DATA_MESSAGE;
}

/** One line describing an error without its stack. */
export function describeCause(err: unknown): string {
  if (err instanceof TransportError) return [err.name, err.kind, err.status ?? '', err.code ?? ''].join(' ').trim();
  if (err instanceof Error) return `${err.name}: ${err.message}`.slice(0, 300);
  return String(err).slice(0, 300);
}

/** The event for a caught error at one of the sync edges. */
export function syncError(kind: SyncErrorKind, err: unknown, now: number = Date.now()): SyncErrorEvent {
  const t = err instanceof TransportError ? err : null;
  const code =
    t?.code ??
    (err && typeof err === 'object' && typeof Reflect.get(err, 'code') === 'string'
      ? String(Reflect.get(err, 'code'))
      : null);
  return {
    type: 'sync-error',
    kind,
    message: friendlyFailure(code, t?.kind),
    cause: describeCause(err),
    code,
    status: t?.status ?? null,
    time: now,
  };
}
