// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, renderHook } from '@testing-library/react';

const recordError = vi.fn(() => Promise.resolve());
const toast = vi.fn();
vi.mock('./errors/error-reports', () => ({ recordError }));
vi.mock('@/shared/ui/toast-store', () => ({ toast }));

const { useGlobalErrorToasts } = await import('./global-errors');

function rejection(reason: unknown): Event {
  return Object.assign(new Event('unhandledrejection'), { reason, promise: Promise.resolve() });
}

beforeEach(() => {
  // Past the startup grace period, where global errors are toasted.
  vi.spyOn(performance, 'now').mockReturnValue(performance.now() + 60_000);
  recordError.mockClear();
  toast.mockClear();
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('issue 34: benign browser notices are not app errors', () => {
  it('ignores a ResizeObserver loop error event: no toast, no error report', () => {
    renderHook(() => useGlobalErrorToasts());
    for (const message of [
      'ResizeObserver loop completed with undelivered notifications.',
      'ResizeObserver loop limit exceeded',
    ])
      window.dispatchEvent(new ErrorEvent('error', { message, error: null }));
    expect(toast).not.toHaveBeenCalled();
    expect(recordError).not.toHaveBeenCalled();
  });

  it('ignores an aborted request (AbortError rejection)', () => {
    renderHook(() => useGlobalErrorToasts());
    window.dispatchEvent(rejection(new DOMException('The user aborted a request.', 'AbortError')));
    expect(toast).not.toHaveBeenCalled();
    expect(recordError).not.toHaveBeenCalled();
  });

  it("ignores 'Failed to fetch' once the page is being left, but not while it is in use", () => {
    renderHook(() => useGlobalErrorToasts());
    window.dispatchEvent(rejection(new TypeError('Failed to fetch')));
    expect(toast).toHaveBeenCalledTimes(1);
    window.dispatchEvent(new Event('pagehide'));
    window.dispatchEvent(rejection(new TypeError('Failed to fetch')));
    expect(toast).toHaveBeenCalledTimes(1);
    window.dispatchEvent(new Event('pageshow'));
  });

  it('still toasts and reports a real TypeError', () => {
    renderHook(() => useGlobalErrorToasts());
    const bug = new TypeError("Cannot read properties of undefined (reading 'price')");
    window.dispatchEvent(new ErrorEvent('error', { message: bug.message, error: bug }));
    expect(toast).toHaveBeenCalledWith(
      expect.objectContaining({ title: 'Something went wrong', variant: 'destructive' }),
    );
    expect(recordError).toHaveBeenCalledWith(bug, { component: 'global' }, 'medium');
    window.dispatchEvent(rejection(bug));
    expect(toast).toHaveBeenCalledTimes(2);
    expect(recordError).toHaveBeenCalledTimes(2);
  });
});

describe('issue 35: a failure a feature caught and reported', () => {
  it('is recorded with its own context and toasted, even during the startup grace period', async () => {
    vi.restoreAllMocks();
    const { reportError } = await import('@/shared/lib/report-error');
    renderHook(() => useGlobalErrorToasts());
    const failure = new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    reportError(failure, { component: 'notifications', action: 'dismiss' });
    expect(recordError).toHaveBeenCalledWith(failure, { component: 'notifications', action: 'dismiss' }, 'medium');
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ variant: 'destructive' }));
  });
});
