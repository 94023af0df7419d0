import { useEffect } from 'react';
import { errorSeverity, errorTitle, friendlyMessage, shouldNotify } from '@/shared/lib/errors';
import { toast } from '@/shared/ui/toast-store';
import { currentPageConditions, isBenignBrowserNotice } from './errors/benign-errors';
import { recordError } from './errors/error-reports';

const startedAt = performance.now();

/**
 * Uncaught errors and rejections: recorded, and toasted unless low severity (SPEC §8). Benign browser
 * notices (a ResizeObserver loop, an aborted or unload-cut request) are neither.
 */
export function useGlobalErrorToasts(): void {
  useEffect(() => {
    currentPageConditions(); // starts watching for the page being left
    const handle = (error: unknown) => {
      if (isBenignBrowserNotice(error, currentPageConditions())) return;
      const severity = errorSeverity(error, {
        global: true,
        sinceStartMs: performance.now() - startedAt,
        component: 'global',
      });
      void recordError(error, { component: 'global' }, severity);
      if (shouldNotify(severity))
        toast({ title: errorTitle(severity), description: friendlyMessage(error), variant: 'destructive' });
    };
    const onError = (e: ErrorEvent) => handle(e.error ?? e.message);
    const onRejection = (e: PromiseRejectionEvent) => handle(e.reason);
    window.addEventListener('error', onError);
    window.addEventListener('unhandledrejection', onRejection);
    return () => {
      window.removeEventListener('error', onError);
      window.removeEventListener('unhandledrejection', onRejection);
    };
  }, []);
}
