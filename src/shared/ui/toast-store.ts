// The app-wide toast queue (SPEC §9). Two styles share one store so any feature can call `toast()`
// without importing React components:
// - primary: one at a time (a new toast replaces the current one); a dismissed toast is kept (hidden)
//   and only removed after TOAST_REMOVE_DELAY, as the spec's toaster does;
// - secondary (`notify`): stacked, default 4 s, at most 3 visible, durations short/medium/long = 3/5/7 s.
import { createStore, useStore } from 'zustand';

export type ToastVariant = 'default' | 'destructive' | 'success';

export interface ToastAction {
  label: string;
  onClick: () => void;
}

export interface ToastInput {
  title: string;
  description?: string;
  variant?: ToastVariant;
  /** Milliseconds the toast stays open; Infinity keeps it until dismissed. */
  duration?: number;
  action?: ToastAction;
}

export type ToastKind = 'primary' | 'secondary';

export interface ToastItem {
  id: string;
  kind: ToastKind;
  title: string;
  description?: string;
  variant: ToastVariant;
  duration: number;
  action?: ToastAction;
  open: boolean;
  createdAt: number;
}

export const TOAST_LIMIT = 1;
export const TOAST_REMOVE_DELAY = 1_000_000;
export const PRIMARY_DEFAULT_DURATION = 5_000;
export const SECONDARY_LIMIT = 3;
export const SECONDARY_DEFAULT_DURATION = 4_000;
export const TOAST_DURATIONS = { short: 3_000, medium: 5_000, long: 7_000 } as const;
export type NamedDuration = keyof typeof TOAST_DURATIONS;

interface ToastState {
  toasts: ToastItem[];
}

export const toastStore = createStore<ToastState>(() => ({ toasts: [] }));

const closeTimers = new Map<string, ReturnType<typeof setTimeout>>();
const removeTimers = new Map<string, ReturnType<typeof setTimeout>>();
let counter = 0;

function nextId(): string {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  return `t${Date.now().toString(36)}-${counter}`;
}

function clearTimer(map: Map<string, ReturnType<typeof setTimeout>>, id: string): void {
  const t = map.get(id);
  if (t !== undefined) {
    clearTimeout(t);
    map.delete(id);
  }
}

function scheduleClose(id: string, duration: number): void {
  clearTimer(closeTimers, id);
  if (!Number.isFinite(duration) || duration <= 0) return;
  closeTimers.set(
    id,
    setTimeout(() => {
      closeTimers.delete(id);
      dismissToast(id);
    }, duration),
  );
}

/** Removes a toast from the store immediately (no exit delay). */
export function removeToast(id: string): void {
  clearTimer(closeTimers, id);
  clearTimer(removeTimers, id);
  toastStore.setState((s) => ({ toasts: s.toasts.filter((t) => t.id !== id) }));
}

/**
 * Closes a toast. Primary toasts stay in the store (hidden) for TOAST_REMOVE_DELAY before removal;
 * secondary toasts go at once. Without an id, every open toast is dismissed.
 */
export function dismissToast(id?: string): void {
  const targets = toastStore.getState().toasts.filter((t) => (id === undefined ? t.open : t.id === id));
  for (const t of targets) {
    clearTimer(closeTimers, t.id);
    if (t.kind === 'secondary') {
      removeToast(t.id);
      continue;
    }
    if (!removeTimers.has(t.id)) {
      removeTimers.set(
        t.id,
        setTimeout(() => removeToast(t.id), TOAST_REMOVE_DELAY),
      );
    }
  }
  const ids = new Set(targets.filter((t) => t.kind === 'primary').map((t) => t.id));
  if (ids.size > 0) {
    toastStore.setState((s) => ({ toasts: s.toasts.map((t) => (ids.has(t.id) ? { ...t, open: false } : t)) }));
  }
}

function add(kind: ToastKind, input: ToastInput, fallbackDuration: number): string {
  const id = nextId();
  const item: ToastItem = {
    id,
    kind,
    title: input.title,
    description: input.description,
    variant: input.variant ?? 'default',
    duration: input.duration ?? fallbackDuration,
    action: input.action,
    open: true,
    createdAt: Date.now(),
  };
  const current = toastStore.getState().toasts;
  const same = current.filter((t) => t.kind === kind);
  const limit = kind === 'primary' ? TOAST_LIMIT : SECONDARY_LIMIT;
  // Newest first; anything beyond the limit for this style is dropped.
  const keptSame = [item, ...same].slice(0, limit);
  const dropped = same.filter((t) => !keptSame.includes(t));
  for (const t of dropped) {
    clearTimer(closeTimers, t.id);
    clearTimer(removeTimers, t.id);
  }
  toastStore.setState({ toasts: [...keptSame, ...current.filter((t) => t.kind !== kind)] });
  scheduleClose(id, item.duration);
  return id;
}

/** Shows a primary toast (one at a time). Returns its id. */
export function toast(input: ToastInput): string {
  return add('primary', input, PRIMARY_DEFAULT_DURATION);
}

/** Shows a secondary, stacked toast: default 4 s, at most 3 visible. */
export function notify(input: Omit<ToastInput, 'duration'> & { duration?: number | NamedDuration }): string {
  const duration = typeof input.duration === 'string' ? TOAST_DURATIONS[input.duration] : input.duration;
  return add('secondary', { ...input, duration }, SECONDARY_DEFAULT_DURATION);
}

/** React hook over the toast list. */
export function useToasts(): ToastItem[] {
  return useStore(toastStore, (s) => s.toasts);
}

/** Clears every toast and timer (tests, sign-out). */
export function resetToasts(): void {
  for (const id of [...closeTimers.keys()]) clearTimer(closeTimers, id);
  for (const id of [...removeTimers.keys()]) clearTimer(removeTimers, id);
  toastStore.setState({ toasts: [] });
}
