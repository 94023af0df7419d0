// When the install prompt may show (issue 34): only after real engagement (a second visit or a
// bookmark), and after accepting or dismissing it, not again for 7 days (the choice is kept in storage).
import type { Engagement } from '@/shared/lib/engagement';

export const INSTALL_PROMPT_COOLDOWN_MS = 7 * 24 * 60 * 60 * 1000;
export const INSTALL_HIDDEN_KEY = 'motorly-install-prompt-hidden-at';

export function canShowInstallPrompt(hiddenAt: number | null, now: number): boolean {
  return hiddenAt === null || now - hiddenAt >= INSTALL_PROMPT_COOLDOWN_MS;
}

/** Real engagement: a second visit (browser session) on this device, or a bookmark. */
export function isEngaged(e: Engagement): boolean {
  return e.visits >= 2 || e.bookmarked;
}

export function readHiddenAt(store: Pick<Storage, 'getItem'> | null): number | null {
  const raw = store?.getItem(INSTALL_HIDDEN_KEY);
  const n = raw ? Number(raw) : NaN;
  return Number.isFinite(n) ? n : null;
}
