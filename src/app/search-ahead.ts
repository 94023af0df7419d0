// A marketplace search's first page is asked for as the navigation to it begins: the router's state changes
// before React renders the new search, so the request leaves with the tap instead of after that render, its
// commit and paint and the session's effect (260 ms at 4x CPU in bench:scale's trace). The address the app
// starts at counts too: a search tapped while the app was still loading is the first render's.
import { paths } from '@/shared/lib/routes';
import { noteSearchAsked, noteSearchDone } from '@/shared/lib/search-quiet';

interface RouterLike {
  state: { location: { pathname: string; search: string } };
  subscribe(fn: (state: RouterLike['state']) => void): () => void;
}

type Ask = (query: string) => void;
/** The marketplace feature's own parse and ask (its chunk is the screen's, fetched for the screen anyway). */
const loadAsk = (): Promise<Ask> => import('@/features/marketplace').then((m) => m.marketSearchAhead);

/** Watches the router for marketplace searches; returns the unsubscribe. */
export function watchMarketSearches(router: RouterLike, load: () => Promise<Ask> = loadAsk): () => void {
  let last: string | null = null;
  // Once loaded, asked in the router's own notification, before the screen's render and its session's effect
  // (a tap's update may render and run its effects at once): a promise's then would come after them.
  let loaded: Ask | null = null;
  const check = ({ pathname, search }: RouterLike['state']['location'], tapped = true) => {
    if (pathname !== paths.marketplace) {
      last = null;
      noteSearchDone();
      return;
    }
    if (search === last) return;
    last = search;
    // The address the app starts at is the first render's own (the early view's answer, when there is one).
    if (tapped) noteSearchAsked();
    if (loaded) return loaded(search);
    // Only a head start: a failed load leaves the screen's session to ask as before. An address left while the
    // chunk loaded is not asked for (the start's own, say, its early answer since replaced by a tapped search's).
    load().then(
      (ask) => {
        loaded = ask;
        if (search === last) ask(search);
      },
      () => undefined,
    );
  };
  check(router.state.location, false);
  return router.subscribe((state) => check(state.location));
}
