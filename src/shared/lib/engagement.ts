// Signs that a visitor uses the app for real (issue 34: the install prompt waits for them): a second
// visit (a new browser session on this device) or a bookmark. Kept in localStorage; a session is marked
// in sessionStorage, so reloads and in-app navigation are one visit.

export const ENGAGEMENT_KEY = 'motorly-engagement';
export const VISIT_SESSION_KEY = 'motorly-visit-counted';
/** Fired on window when a bookmark is made, so a waiting prompt can appear at once. */
export const ENGAGED_EVENT = 'motorly:engaged';

export interface Engagement {
  visits: number;
  bookmarked: boolean;
}

type Store = Pick<Storage, 'getItem' | 'setItem'>;

function storageOf(kind: 'localStorage' | 'sessionStorage'): Store | null {
  try {
    return typeof window === 'undefined' ? null : window[kind];
  } catch {
    return null; // storage disabled
  }
}

export function readEngagement(store: Pick<Storage, 'getItem'> | null = storageOf('localStorage')): Engagement {
  try {
    const raw = JSON.parse(store?.getItem(ENGAGEMENT_KEY) ?? 'null') as Partial<Engagement> | null;
    const visits = Number(raw?.visits);
    return {
      visits: Number.isFinite(visits) && visits > 0 ? Math.floor(visits) : 0,
      bookmarked: raw?.bookmarked === true,
    };
  } catch {
    return { visits: 0, bookmarked: false };
  }
}

function write(store: Store | null, e: Engagement): void {
  try {
    store?.setItem(ENGAGEMENT_KEY, JSON.stringify(e));
  } catch {
    // full or disabled storage: the prompt simply waits
  }
}

/** Counts this browser session as a visit (once per session); returns the engagement after it. */
export function countVisit(
  local: Store | null = storageOf('localStorage'),
  session: Store | null = storageOf('sessionStorage'),
): Engagement {
  const current = readEngagement(local);
  if (!local || !session || session.getItem(VISIT_SESSION_KEY)) return current;
  try {
    session.setItem(VISIT_SESSION_KEY, '1');
  } catch {
    return current;
  }
  const next = { ...current, visits: current.visits + 1 };
  write(local, next);
  return next;
}

/** A bookmark was made. */
export function noteBookmarked(local: Store | null = storageOf('localStorage')): void {
  const current = readEngagement(local);
  if (!current.bookmarked) write(local, { ...current, bookmarked: true });
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(ENGAGED_EVENT));
}
