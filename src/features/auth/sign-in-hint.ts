// The last known sign-in state, kept where it can be read synchronously (localStorage): auth itself lives in
// IndexedDB and is known only some time after the first paint, so the header reserves the room of the state
// this predicts meanwhile and nothing moves when auth answers. Head-safe: no React, no Supabase.

export type SignInHint = 'in' | 'out';

export const SIGN_IN_HINT_KEY = 'motorly-signed-in-hint';

/** The stored hint; null when there is none, it is not one of ours, or storage cannot be read. */
export function readSignInHint(): SignInHint | null {
  try {
    const value = globalThis.localStorage?.getItem(SIGN_IN_HINT_KEY);
    return value === 'in' || value === 'out' ? value : null;
  } catch {
    return null;
  }
}

/** Puts the hint on <html> (data-auth-hint), which the pending header's CSS reads. */
export function markSignInHint(hint: SignInHint | null = readSignInHint()): void {
  if (typeof document === 'undefined') return;
  const root = document.documentElement;
  if (hint) root.dataset.authHint = hint;
  else delete root.dataset.authHint;
}

/** Stores the state auth has just learnt. A failed write (storage off or full) only costs the next guess. */
export function writeSignInHint(hint: SignInHint): void {
  try {
    const storage = globalThis.localStorage;
    if (storage && storage.getItem(SIGN_IN_HINT_KEY) !== hint) storage.setItem(SIGN_IN_HINT_KEY, hint);
  } catch {
    // Nothing kept: the next visit's header guesses 'out', as on a first visit.
  }
  markSignInHint(hint);
}
