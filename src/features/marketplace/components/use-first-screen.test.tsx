// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { firstScreenCount, useFirstScreen, useTrailing } from './use-first-screen';

const rows = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}${i}`);

describe('firstScreenCount', () => {
  it('counts the rows from the top of the page to the foot of the view, and one more', () => {
    expect(firstScreenCount('list', 412, 823)).toBe(8); // ceil(823 / 130) + 1
    expect(firstScreenCount('grid', 1280, 800)).toBe(5 * 4); // 5 columns of 250 px, ceil(800 / 380) + 1 rows
    expect(firstScreenCount('grid', 200, 800)).toBe(4); // never fewer than one column
    // Scrolled down the page: never too few for what is in view.
    expect(firstScreenCount('list', 412, 3000)).toBe(25);
  });

  it('counts from the top of the list when it is known', () => {
    expect(firstScreenCount('list', 412, 823, 450)).toBe(4); // ceil(373 / 130) + 1
    expect(firstScreenCount('list', 412, 823, 0)).toBe(8);
    // A list starting below the view: one part row.
    expect(firstScreenCount('list', 412, 823, 900)).toBe(1);
  });
});

describe('useFirstScreen', () => {
  it("renders a new search's first screen of cards first, then all of them", async () => {
    const seen: { n: number; settled: boolean }[] = [];
    const { rerender, result } = renderHook(
      ({ key, list }: { key: string; list: string[] }) => {
        const r = useFirstScreen(key, list, 'list');
        seen.push({ n: r.rows.length, settled: r.settled });
        return r;
      },
      { initialProps: { key: 'a', list: rows('a', 20) } },
    );
    expect(seen).toEqual([{ n: 20, settled: true }]);
    seen.length = 0;
    const next = rows('b', 20);
    await act(async () => rerender({ key: 'b', list: next }));
    // jsdom's window: 768 px tall at the top of the page, so ceil(768 / 130) + 1 = 7 cards.
    expect(seen[0]).toEqual({ n: 7, settled: false });
    expect(seen.at(-1)).toEqual({ n: 20, settled: true });
    expect(result.current.rows).toBe(next);
  });

  it('never cuts the rows of the same search as they grow (a next page)', async () => {
    const seen: number[] = [];
    const { rerender } = renderHook(
      ({ list }: { list: string[] }) => {
        const r = useFirstScreen('a', list, 'list');
        seen.push(r.rows.length);
        return r;
      },
      { initialProps: { list: rows('a', 20) } },
    );
    await act(async () => rerender({ list: rows('a', 40) }));
    expect(seen).toEqual([20, 40]);
  });
});

describe('useTrailing', () => {
  it('shows the previous value for one commit, then the new one', async () => {
    const seen: number[] = [];
    const { rerender, result } = renderHook(
      ({ v }: { v: number }) => {
        const t = useTrailing(v);
        seen.push(t);
        return t;
      },
      { initialProps: { v: 1 } },
    );
    await act(async () => rerender({ v: 2 }));
    expect(seen).toEqual([1, 1, 2]);
    expect(result.current).toBe(2);
  });
});
