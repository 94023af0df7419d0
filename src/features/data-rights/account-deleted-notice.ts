// The confirmation after an account deletion (issue 33). Deleting ends in a full page load (the app
// restarts signed out on an empty store), so the fact crosses that load in sessionStorage: one tab, read
// once, and never set by a link anybody could send.
const KEY = 'motorly.account-deleted';

/** Called after the device was cleared, just before the page is reloaded. */
export function rememberAccountDeleted(storage: Storage | undefined = globalThis.sessionStorage): void {
  try {
    storage?.setItem(KEY, '1');
  } catch {
    // Storage may be unavailable (private mode quotas): the deletion itself has happened regardless.
  }
}

/** Whether this tab has just deleted its account (read during render; cleared by forgetAccountDeleted). */
export function accountWasDeleted(storage: Storage | undefined = globalThis.sessionStorage): boolean {
  try {
    return storage?.getItem(KEY) === '1';
  } catch {
    return false;
  }
}

/** Once shown, the notice is not shown again on a later visit. */
export function forgetAccountDeleted(storage: Storage | undefined = globalThis.sessionStorage): void {
  try {
    storage?.removeItem(KEY);
  } catch {
    // nothing stored, nothing to forget
  }
}
