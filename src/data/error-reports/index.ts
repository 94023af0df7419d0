// Error reports: the repository and the writer the error boundary uses.
export { storeErrorReport } from '../error-report-writer';
export {
  recordErrorReport,
  recentErrorReports,
  resolveErrorReport,
  ERROR_HISTORY_LIMIT,
  MAX_REPORT_MESSAGE,
  type ErrorReportInput,
  type ErrorReportContext,
  BURST_WINDOW_MS,
} from '../repositories/error-reports';
