import { useEffect } from 'react';
import { errorSeverity, errorTitle, friendlyMessage, shouldNotify, type ErrorContext } from '@/shared/lib/errors';
import { REPORTED_ERROR_EVENT, type ReportedError } from '@/shared/lib/report-error';
import { toast } from '@/shared/ui/toast-store';
import { currentPageConditions, isBenignBrowserNotice } from './errors/benign-errors';
import { recordError } from './errors/error-reports';

const startedAt = performance.now();

/**
 * Uncaught errors and rejections, and failures features report: recorded, and toasted unless low severity
 * (SPEC §8). Benign browser notices (a ResizeObserver loop, an aborted or unload-cut request) are neither.
 */
export function useGlobalErrorToasts(): void {
  useEffect(() => {
    currentPageConditions(); // starts watching for the page being left
    const handle = (error: unknown, context: ErrorContext = { component: 'global' }) => {
      if (isBenignBrowserNotice(error, currentPageConditions())) return;
      const global = context.component === 'global';
      const sinceStartMs = performance.now() - startedAt;
      const severity = errorSeverity(error, { ...context, global, sinceStartMs });
      void recordError(error, context, severity);
      if (shouldNotify(severity))
        toast({ title: errorTitle(severity), description: friendlyMessage(error), variant: 'destructive' });
    };
    const onError = (e: ErrorEvent) => handle(e.error ?? e.message);
    const onRejection = (e: PromiseRejectionEvent) => handle(e.reason);
    // Failures a feature caught and reported (src/shared/lib/report-error.ts), with their own context.
    const onReported = (e: Event) => {
      const { error, context } = (e as CustomEvent<ReportedError>).detail;
      handle(error, context);
    };
    window.addEventListener('error', onError);
    window.addEventListener('unhandledrejection', onRejection);
    window.addEventListener(REPORTED_ERROR_EVENT, onReported);
    return () => {
      window.removeEventListener('error', onError);
      window.removeEventListener('unhandledrejection', onRejection);
      window.removeEventListener(REPORTED_ERROR_EVENT, onReported);
    };
  }, []);
}
