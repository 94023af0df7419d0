import { db } from '@/data/db';
import { emitSyncEvent } from './page-status';
import { createSyncErrorRecorder } from './sync-error-reports';
import type { SyncErrorEvent } from './sync-errors';

const recordPageProblem = createSyncErrorRecorder(db, 'page');

/** A failure on one of the page's own edges: the status card shows it and it is recorded. */
export function pageProblem(event: SyncErrorEvent): void {
  emitSyncEvent(event);
  void recordPageProblem(event);
}
