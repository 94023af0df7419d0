// The app's error handlers record reports through this bound writer (they run outside React, so a
// hook will not do, and views do not hand the database around).
import { db } from './db';
import { recordErrorReport, type ErrorReportInput } from './repositories/error-reports';

/** Stores an error report on this device and queues it for the server. */
export function storeErrorReport(input: ErrorReportInput) {
  return recordErrorReport(db, input);
}
