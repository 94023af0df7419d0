// The page's own sync edges (the leader's are in leader.ts): Background Sync registration and
// following the signed-in account. Their failures become sync-error events instead of vanishing.
import { syncError, type SyncErrorEvent } from './sync-errors';

interface SyncRegistration {
  sync?: { register(tag: string): Promise<void> };
}

/**
 * Asks the service worker for a Background Sync (optional: browsers without it just sync when a tab
 * is open, so a missing API is no problem; a refused registration is).
 */
export async function registerBackgroundSync(
  tag: string,
  getRegistration: () => Promise<(ServiceWorkerRegistration & SyncRegistration) | undefined>,
  onError: (event: SyncErrorEvent) => void,
): Promise<void> {
  try {
    const reg = await getRegistration();
    // During the first visit the worker is still installing: Chromium refuses a registration without
    // an active worker (InvalidStateError). Nothing is lost: the next write after activation registers.
    if (reg && 'active' in reg && !reg.active) return;
    await reg?.sync?.register(tag);
  } catch (err) {
    onError(syncError('background-sync', err));
  }
}

export interface AuthFollowDeps {
  /** Switches the local store to the account (or to signed out). */
  setSessionUser(userId: string | null): Promise<void>;
  /** Tells the leader (auth-changed / token-refreshed). */
  send(type: 'auth-changed' | 'token-refreshed'): void;
  onError(event: SyncErrorEvent): void;
}

/** An onAuthStateChange listener that applies account changes one at a time, in order. */
export function followAuthChanges(deps: AuthFollowDeps) {
  let queue: Promise<void> = Promise.resolve();
  return (event: string, userId: string | null): Promise<void> => {
    queue = queue
      .then(async () => {
        if (event === 'TOKEN_REFRESHED') {
          deps.send('token-refreshed');
          return;
        }
        await deps.setSessionUser(userId);
        deps.send('auth-changed');
      })
      .catch((err: unknown) => deps.onError(syncError('auth-change', err)));
    return queue;
  };
}
