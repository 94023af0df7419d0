// The update prompt's Reload: it asks the waiting worker to take over and reloads once it controls the page, and
// reloads anyway after a few seconds, since Chromium can hold the activation while it restarts the old worker.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toastStore } from '@/shared/ui/toast-store';

type Listener = () => void;
const fakeWorkbox = vi.hoisted(() => ({
  listeners: new Map<string, Listener[]>(),
  skipWaitingMessages: 0,
}));

vi.mock('workbox-window', () => ({
  Workbox: class {
    addEventListener(type: string, listener: Listener): void {
      fakeWorkbox.listeners.set(type, [...(fakeWorkbox.listeners.get(type) ?? []), listener]);
    }
    messageSkipWaiting(): void {
      fakeWorkbox.skipWaitingMessages += 1;
    }
    register(): Promise<void> {
      return Promise.resolve();
    }
  },
}));

const { registerServiceWorker } = await import('./sw-register');

function emit(type: string): void {
  for (const listener of fakeWorkbox.listeners.get(type) ?? []) listener();
}

function clickReload(): void {
  const toast = toastStore.getState().toasts.find((t) => t.title === 'New version available! Reload to update?');
  expect(toast?.action?.label).toBe('Reload');
  toast!.action!.onClick();
}

describe('registerServiceWorker: the update prompt', () => {
  const reload = vi.fn();

  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubEnv('PROD', true);
    vi.stubGlobal('navigator', { serviceWorker: {} });
    vi.stubGlobal('window', { location: { reload } });
    fakeWorkbox.listeners.clear();
    fakeWorkbox.skipWaitingMessages = 0;
    reload.mockClear();
    toastStore.setState({ toasts: [] });
    registerServiceWorker();
    emit('waiting');
  });

  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllEnvs();
    vi.unstubAllGlobals();
  });

  it('Reload asks the waiting worker to skip waiting and reloads when it takes control', () => {
    clickReload();
    expect(fakeWorkbox.skipWaitingMessages).toBe(1);
    expect(reload).not.toHaveBeenCalled();
    emit('controlling');
    expect(reload).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(10_000);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('reloads after 3 s when the new worker has not taken control (the reload lets it activate)', () => {
    clickReload();
    vi.advanceTimersByTime(2_900);
    expect(reload).not.toHaveBeenCalled();
    vi.advanceTimersByTime(200);
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
