// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { watchMarketSearches } from './search-ahead';

type Location = { pathname: string; search: string };

function fakeRouter(start: Location) {
  const subs: ((s: { location: Location }) => void)[] = [];
  const router = {
    state: { location: start },
    subscribe: (fn: (s: { location: Location }) => void) => {
      subs.push(fn);
      return () => subs.splice(subs.indexOf(fn), 1);
    },
  };
  const go = (location: Location) => {
    router.state = { location };
    for (const fn of [...subs]) fn(router.state);
  };
  return { router, go, subs };
}

/** The start-up work's gate holds for a search (shared/lib/search-quiet.ts). */
const searchInFlight = (): boolean => window.__motorlySearchQuiet?.busy ?? false;

const flush = () => new Promise((r) => setTimeout(r, 0));

describe('watchMarketSearches', () => {
  it("asks for the starting address's search and each new marketplace search once, nothing elsewhere", async () => {
    const asked: string[] = [];
    const { router, go, subs } = fakeRouter({ pathname: '/marketplace', search: '?make=abarth' });
    const stop = watchMarketSearches(router, () => Promise.resolve((q: string) => asked.push(q)));
    await flush();
    go({ pathname: '/marketplace', search: '?make=abarth' });
    go({ pathname: '/marketplace', search: '?sort=price-asc' });
    go({ pathname: '/marketplace/abc', search: '' });
    go({ pathname: '/compare', search: '?sort=x' });
    // Back to a search asked before: a new navigation to it, asked again.
    go({ pathname: '/marketplace', search: '?sort=price-asc' });
    await flush();
    expect(asked).toEqual(['?make=abarth', '?sort=price-asc', '?sort=price-asc']);
    stop();
    expect(subs).toHaveLength(0);
  });

  it('asks within the router notification once the feature is loaded (before the screen renders the search)', async () => {
    const asked: string[] = [];
    const { router, go } = fakeRouter({ pathname: '/marketplace', search: '' });
    watchMarketSearches(router, () => Promise.resolve((q: string) => asked.push(q)));
    await flush();
    go({ pathname: '/marketplace', search: '?fuel=diesel' });
    expect(asked).toEqual(['', '?fuel=diesel']);
  });

  it('does not ask for an address left while the feature loads (only the one the shopper is at)', async () => {
    const asked: string[] = [];
    const { router, go } = fakeRouter({ pathname: '/marketplace', search: '' });
    watchMarketSearches(router, () => Promise.resolve((q: string) => asked.push(q)));
    go({ pathname: '/marketplace', search: '?make=abarth' });
    go({ pathname: '/marketplace', search: '?fuel=diesel' });
    await flush();
    expect(asked).toEqual(['?fuel=diesel']);
  });

  it('marks a tapped search as in flight for the start-up work that waits (not the starting address)', async () => {
    delete window.__motorlySearchQuiet; // the tests above tapped searches too
    const { router, go } = fakeRouter({ pathname: '/marketplace', search: '' });
    watchMarketSearches(router, () => Promise.resolve(() => undefined));
    expect(searchInFlight()).toBe(false);
    go({ pathname: '/marketplace', search: '?make=abarth' });
    expect(searchInFlight()).toBe(true);
    // Leaving the marketplace: nothing is awaited any more.
    go({ pathname: '/compare', search: '' });
    expect(searchInFlight()).toBe(false);
  });

  it('leaves the screen to ask when the feature cannot load', async () => {
    const { router } = fakeRouter({ pathname: '/marketplace', search: '' });
    watchMarketSearches(router, () => Promise.reject(new Error('offline')));
    await flush();
  });
});
