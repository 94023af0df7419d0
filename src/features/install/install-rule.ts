// When the install prompt may show: after accepting or dismissing it, not again for 7 days.
export const INSTALL_PROMPT_COOLDOWN_MS = 7 * 24 * 60 * 60 * 1000;
export const INSTALL_HIDDEN_KEY = 'motorly-install-prompt-hidden-at';

export function canShowInstallPrompt(hiddenAt: number | null, now: number): boolean {
  return hiddenAt === null || now - hiddenAt >= INSTALL_PROMPT_COOLDOWN_MS;
}

export function readHiddenAt(store: Pick<Storage, 'getItem'> | null): number | null {
  const raw = store?.getItem(INSTALL_HIDDEN_KEY);
  const n = raw ? Number(raw) : NaN;
  return Number.isFinite(n) ? n : null;
}
