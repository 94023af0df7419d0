// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { act, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';
import { useLiveSearch } from './use-live-search';

/** Each render's live search beside the search of the location the router has committed. */
function setup() {
  const seen: { live: string; committed: string }[] = [];
  function Probe() {
    const live = useLiveSearch().toString();
    const committed = useLocation().search.replace(/^\?/, '');
    seen.push({ live, committed });
    return <p>{live}</p>;
  }
  const router = createMemoryRouter(
    [
      { path: '/marketplace', element: <Probe /> },
      { path: '/listing', element: <p>listing</p> },
    ],
    { initialEntries: ['/marketplace?make=a'] },
  );
  render(<RouterProvider router={router} />);
  return { router, seen };
}

describe('useLiveSearch', () => {
  it("renders a new search before the router's own (transition) render commits it", async () => {
    const { router, seen } = setup();
    expect(seen.at(-1)).toEqual({ live: 'make=a', committed: 'make=a' });
    seen.length = 0;
    await act(() => router.navigate('/marketplace?make=b'));
    // The first render after the tap already has the new search; the router's location catches up after.
    expect(seen[0]).toEqual({ live: 'make=b', committed: 'make=a' });
    expect(seen.at(-1)).toEqual({ live: 'make=b', committed: 'make=b' });
  });

  it('keeps the last search of its own path while the router moves to another', async () => {
    const { router, seen } = setup();
    seen.length = 0;
    await act(() => router.navigate('/listing?id=1'));
    expect(seen.every((s) => s.live === 'make=a')).toBe(true);
  });
});
