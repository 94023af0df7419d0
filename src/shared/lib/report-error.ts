// A failure a feature caught but must not hide: it goes to the app's one error path (src/app/global-errors.ts
// records it for the admin's error list and shows the friendly toast) without the feature importing src/app.
import type { ErrorContext } from './errors';

export const REPORTED_ERROR_EVENT = 'motorly:reported-error';

export interface ReportedError {
  error: unknown;
  context: ErrorContext;
}

/** Reports a caught failure with where it happened (component) and what the user was doing (action). */
export function reportError(error: unknown, context: ErrorContext): void {
  if (typeof window === 'undefined') {
    console.warn(`${context.component ?? 'app'}: ${context.action ?? 'failed'}`, error);
    return;
  }
  window.dispatchEvent(new CustomEvent<ReportedError>(REPORTED_ERROR_EVENT, { detail: { error, context } }));
}
