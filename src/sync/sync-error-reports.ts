// Sync failures on the error-report path. Severity follows SPEC §8 (5xx, auth and database high,
// the rest medium). The same failure repeating (a retry every 5 s, a dead realtime socket) is
// recorded once a minute per context, so the outbox is not filled with copies of one problem.
import type { MotorlyDb } from '@/data/db';
import { recordErrorReport } from '@/data/error-reports';
import { env } from '@/shared/lib/env';
import { errorSeverity } from '@/shared/lib/errors';
import type { SyncErrorEvent } from './sync-errors';

export const SAME_PROBLEM_WINDOW_MS = 60_000;

/** SPEC §8 severity of a sync failure, from its HTTP status, code and cause. */
export function syncErrorSeverity(event: SyncErrorEvent) {
  return errorSeverity(
    { message: event.cause, status: event.status ?? undefined, code: event.code ?? undefined },
    { component: 'sync' },
  );
}

/** A recorder for one context (the leader, a page); returns whether the event was recorded. */
export function createSyncErrorRecorder(
  db: MotorlyDb,
  origin: 'leader' | 'page',
): (event: SyncErrorEvent) => Promise<boolean> {
  const lastAt = new Map<string, number>();
  return async (event) => {
    const key = `${event.kind}|${event.code ?? ''}|${event.message}`;
    const previous = lastAt.get(key);
    if (previous !== undefined && event.time - previous < SAME_PROBLEM_WINDOW_MS) return false;
    lastAt.set(key, event.time);
    try {
      await recordErrorReport(db, {
        message: event.message,
        severity: syncErrorSeverity(event),
        component: 'sync',
        action: event.kind,
        metadata: {
          cause: event.cause,
          code: event.code,
          status: event.status,
          origin,
          time: new Date(event.time).toISOString(),
        },
        userAgent: typeof navigator === 'undefined' ? undefined : navigator.userAgent,
        appVersion: env.appVersion,
      });
      return true;
    } catch (err) {
      console.error('Could not record the sync error', err); // the store itself is failing
      return false;
    }
  };
}
