// useListingQuery(search): the marketplace's answer, device first, then the server's pages (query-session.ts).
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { db } from '../../db';
import { queryKey, type ListingSearch } from '../filters';
import { answerKey, answersFor } from './answer-cache';
import { queryEngineFor, type EngineOverrides, type QueryEngineApi } from './engine-client';
import { QuerySession } from './query-session';
import { earlyQueryState, INITIAL_QUERY_STATE, type ListingQueryState } from './query-state';
import { PASSING_TTL_MS, SAVED_TTL_MS } from './window-types';

export interface ListingQuery extends ListingQueryState {
  loadMore: () => void;
}

export interface ListingQueryOptions {
  /** A saved search's window lives a day of open time, a passing search's minutes. */
  saved?: boolean;
  /** Rows to show at first (the place the user had reached). */
  initialCount?: number;
  /** Tests pass an engine; the app uses the store's (the query worker). */
  engine?: QueryEngineApi;
}

/** e2e builds (VITE_TEST_HOOKS=1) may shrink the catalogue budget to prove eviction. */
function testOverrides(): EngineOverrides {
  if (import.meta.env.VITE_TEST_HOOKS !== '1' || typeof localStorage === 'undefined') return {};
  const budget = Number(localStorage.getItem('motorly.query.budgetBytes'));
  return budget > 0 ? { budgetBytes: budget } : {};
}

/** The app's engine (the query worker's), with the e2e overrides: one per page, whoever asks first. */
const appEngine = () => queryEngineFor(db, testOverrides());

/**
 * Asks for a search's first page now, as a navigation to it begins (src/app/search-ahead.ts): its session then
 * adopts the page instead of asking once the screen has rendered. Offline there is nothing to ask.
 * A search this page answered lately renders that answer at the tap, and asking again only refreshes it: that
 * request leaves just after the tap's task, out of the frame that shows the rows.
 */
export function askListingAhead(search: ListingSearch): void {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return;
  const engine = appEngine();
  if (!engine.ahead) return;
  if (answersFor(engine, db).has(answerKey(queryKey(search), search.pageSize)))
    setTimeout(() => engine.ahead?.(search), 0);
  else engine.ahead(search);
}

export function useListingQuery(search: ListingSearch, opts: ListingQueryOptions = {}): ListingQuery {
  // Once per search object, not per render (a normalising parse and serialise of every filter).
  const key = useMemo(() => answerKey(queryKey(search), search.pageSize), [search]);
  const { saved, engine, initialCount } = opts;
  const api = useMemo(() => engine ?? appEngine(), [engine]);
  const answers = useMemo(() => answersFor(api, engine ? undefined : db), [api, engine]);
  // A search this page answered lately shows its last answer in the render that follows the tap; the session
  // below re-reads the device and re-asks the server as for any search.
  const cached = useMemo(() => answers.get(key), [answers, key]);
  // A first visit to /marketplace: the head script's early answer, when in, is the first render's (no blink).
  const [state, setState] = useState<{ key: string; value: ListingQueryState }>(() => ({
    key,
    value: earlyQueryState(search) ?? cached ?? INITIAL_QUERY_STATE,
  }));
  const session = useRef<QuerySession | null>(null);
  const searchRef = useRef(search);
  searchRef.current = search;

  useEffect(() => {
    const s = new QuerySession(
      api,
      searchRef.current,
      { ttlMs: saved ? SAVED_TTL_MS : PASSING_TTL_MS, initialCount, seed: cached },
      (value) => {
        answers.put(key, value);
        setState({ key, value });
      },
    );
    session.current = s;
    void s.start();
    const changed = () => s.connectivityChanged();
    window.addEventListener('online', changed);
    window.addEventListener('offline', changed);
    return () => {
      s.cancel();
      window.removeEventListener('online', changed);
      window.removeEventListener('offline', changed);
    };
    // initialCount and the cached answer are read once per query: later changes are the user's own scrolling and
    // this session's own answers.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, saved, api, answers]);

  const loadMore = useCallback(() => void session.current?.loadMore(), []);
  // Until this query's own answer arrives, say so rather than show the previous query's rows.
  const value = state.key === key ? state.value : (cached ?? INITIAL_QUERY_STATE);
  return { ...value, loadMore };
}
