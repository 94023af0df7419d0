// Write hooks of the admin area: each a repository call bound to the app's store (outbox writes).
import { useMemo } from 'react';
import { bound } from './bound';
import { resolveErrorReport } from '../repositories/error-reports';

/** Mark an error report resolved (or open again). */
export function useAdminWrites() {
  return useMemo(() => ({ resolveErrorReport: bound(resolveErrorReport) }), []);
}
