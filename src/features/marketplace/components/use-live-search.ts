// The marketplace's query string as the router holds it now, read through useSyncExternalStore so a new search
// renders at once (issue 32: a repeated search's rows within one frame of the tap). React Router renders each
// navigation in a transition, which React slices between frames and lets other work run first (worker and
// IndexedDB replies, pictures): 70-320 ms at 4x CPU from the tap to the first new card, even with the answer
// already in the page. An external store's change renders synchronously; the router's own render follows.
import { useCallback, useContext, useMemo, useRef, useSyncExternalStore } from 'react';
import { UNSAFE_DataRouterContext, useLocation } from 'react-router-dom';

interface RouterLike {
  state: { location: { pathname: string; search: string } };
  subscribe(fn: () => void): () => void;
}

const noSubscribe = () => () => undefined;

/**
 * The search of the current address while it is this screen's path; the last one seen while the router
 * moves to another path (the screen is leaving and should not render another page's query). Without a data
 * router (unit tests' MemoryRouter) it is the location's.
 */
export function useLiveSearch(): URLSearchParams {
  const location = useLocation();
  const router = useContext(UNSAFE_DataRouterContext)?.router as RouterLike | undefined;
  const { pathname } = location;
  const last = useRef(location.search);
  const subscribe = useCallback((fn: () => void) => (router ? router.subscribe(fn) : noSubscribe()), [router]);
  const read = useCallback(() => {
    const now = router?.state.location;
    if (now && now.pathname === pathname) last.current = now.search;
    return last.current;
  }, [router, pathname]);
  const search = useSyncExternalStore(subscribe, router ? read : () => location.search, () => location.search);
  return useMemo(() => new URLSearchParams(search), [search]);
}
