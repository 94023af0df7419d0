// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { renderHook } from '@testing-library/react';
import { useKept } from './use-kept';

type Answer = Record<string, number> | undefined;

describe('useKept', () => {
  it("gives a repeated search's entries while its answer is still being asked for", () => {
    const { result, rerender } = renderHook(({ now, asked }: { now: Answer; asked: string[] }) => useKept(now, asked), {
      initialProps: { now: { a: 1 } as Answer, asked: ['a', 'b'] },
    });
    expect(result.current).toEqual({ a: 1, b: undefined });
    rerender({ now: { c: 3 }, asked: ['c'] });
    // Back to the first ids: the device is asked again (undefined meanwhile), the kept entries show.
    rerender({ now: undefined, asked: ['a', 'b'] });
    expect(result.current.a).toBe(1);
    expect(result.current.c).toBe(3);
  });

  it('stays the same object when the answer brings nothing new, and drops an entry the answer no longer has', () => {
    const { result, rerender } = renderHook(({ now, asked }: { now: Answer; asked: string[] }) => useKept(now, asked), {
      initialProps: { now: { a: 1, b: 2 } as Answer, asked: ['a', 'b'] },
    });
    const first = result.current;
    rerender({ now: { a: 1, b: 2 }, asked: ['a', 'b'] });
    expect(result.current).toBe(first);
    rerender({ now: { a: 1 }, asked: ['a', 'b'] });
    expect(result.current).not.toBe(first);
    expect(result.current.b).toBeUndefined();
  });

  it("keeps its entries while the live query still gives the last ids' answer", () => {
    const { result, rerender } = renderHook(({ now, asked }: { now: Answer; asked: string[] }) => useKept(now, asked), {
      initialProps: { now: { a: 1 } as Answer, asked: ['a'] },
    });
    rerender({ now: { c: 3 }, asked: ['c'] });
    rerender({ now: { c: 3 }, asked: ['a'] });
    expect(result.current.a).toBe(1);
  });
});
