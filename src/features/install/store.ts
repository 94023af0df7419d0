// Holds the browser's deferred install event (beforeinstallprompt) from the moment main.tsx starts
// listening, so the prompt can be offered whenever the shell is ready.
import { takeEarlyInstallPrompt } from './early';
import { countVisit, ENGAGED_EVENT, readEngagement } from '@/shared/lib/engagement';
import { create } from 'zustand';
import { INSTALL_HIDDEN_KEY, isEngaged, readHiddenAt } from './install-rule';

/** Chromium's BeforeInstallPromptEvent (not in the DOM typings). */
export interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform?: string }>;
}

interface InstallState {
  event: InstallPromptEvent | null;
  hiddenAt: number | null;
  installed: boolean;
  /** A second visit or a bookmark: the prompt waits for it. */
  engaged: boolean;
}

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export const useInstall = create<InstallState>(() => ({
  event: null,
  hiddenAt: readHiddenAt(storage()),
  installed: false,
  engaged: false,
}));

/** Accepting or dismissing hides the prompt for the cooldown. */
export function hideInstallPrompt(now: number = Date.now()): void {
  storage()?.setItem(INSTALL_HIDDEN_KEY, String(now));
  useInstall.setState({ hiddenAt: now, event: null });
}

let listening = false;

/** Starts catching beforeinstallprompt; call once, as early as possible. */
export function captureInstallPrompt(): void {
  if (listening || typeof window === 'undefined') return;
  listening = true;
  window.addEventListener('beforeinstallprompt', (e) => {
    e.preventDefault(); // keep the browser's mini-infobar away; the app offers its own prompt
    useInstall.setState({ event: e as InstallPromptEvent });
  });
  window.addEventListener('appinstalled', () => useInstall.setState({ installed: true, event: null }));
  useInstall.setState({ engaged: isEngaged(countVisit()) });
  window.addEventListener(ENGAGED_EVENT, () => useInstall.setState({ engaged: isEngaged(readEngagement()) }));
  // Fired before this code loaded (it loads after the first paint): the head script kept it.
  const early = takeEarlyInstallPrompt();
  if (early) useInstall.setState({ event: early as InstallPromptEvent });
}
