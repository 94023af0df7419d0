// Session inactivity (SPEC §4, §9): 60 minutes without input signs the user out, with a warning 5
// minutes before. Pure timers + an event target so it can be driven by fake timers in tests.

export const SESSION_TIMEOUT_MS = 60 * 60 * 1000;
export const SESSION_WARNING_MS = 55 * 60 * 1000;
export const ACTIVITY_EVENTS = ['mousedown', 'keydown', 'scroll', 'touchstart', 'click'] as const;

export interface InactivityOptions {
  onWarn: () => void;
  onExpire: () => void;
  timeoutMs?: number;
  warnAtMs?: number;
}

export interface InactivityMonitor {
  /** Restarts both timers (called on every activity event). */
  reset(): void;
  stop(): void;
}

export function createInactivityMonitor({
  onWarn,
  onExpire,
  timeoutMs = SESSION_TIMEOUT_MS,
  warnAtMs = SESSION_WARNING_MS,
}: InactivityOptions): InactivityMonitor {
  let warnTimer: ReturnType<typeof setTimeout> | undefined;
  let expireTimer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  const clear = () => {
    if (warnTimer !== undefined) clearTimeout(warnTimer);
    if (expireTimer !== undefined) clearTimeout(expireTimer);
    warnTimer = expireTimer = undefined;
  };
  const reset = () => {
    if (stopped) return;
    clear();
    warnTimer = setTimeout(onWarn, warnAtMs);
    expireTimer = setTimeout(() => {
      stopped = true;
      clear();
      onExpire();
    }, timeoutMs);
  };
  reset();
  return {
    reset,
    stop() {
      stopped = true;
      clear();
    },
  };
}

/** Starts a monitor reset by the SPEC's activity events on `target`; returns a stop function. */
export function watchInactivity(target: EventTarget, opts: InactivityOptions): () => void {
  const monitor = createInactivityMonitor(opts);
  const onActivity = () => monitor.reset();
  const listenOpts: AddEventListenerOptions = { capture: true, passive: true };
  for (const type of ACTIVITY_EVENTS) target.addEventListener(type, onActivity, listenOpts);
  return () => {
    monitor.stop();
    for (const type of ACTIVITY_EVENTS) target.removeEventListener(type, onActivity, listenOpts);
  };
}
