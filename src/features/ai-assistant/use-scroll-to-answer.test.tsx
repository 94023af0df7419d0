// @vitest-environment jsdom
import { render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useScrollToAnswer } from './use-scroll-to-answer';

function Log({ turns, answered }: { turns: number[]; answered: boolean }) {
  const last = turns.at(-1);
  const ref = useScrollToAnswer<HTMLLIElement>(last === undefined ? null : `${last}:${answered}`);
  return (
    <ol>
      {turns.map((t) => (
        <li key={t} ref={t === last ? ref : undefined}>
          turn {t}
        </li>
      ))}
    </ol>
  );
}

function motion(reduce: boolean) {
  window.matchMedia = vi.fn().mockImplementation((q: string) => ({ matches: reduce && q.includes('reduce') }));
}

describe('useScrollToAnswer', () => {
  afterEach(() => vi.restoreAllMocks());

  it('scrolls the new turn into view when asked and again when answered, smoothly', () => {
    motion(false);
    const scroll = vi.fn();
    Element.prototype.scrollIntoView = scroll;
    const { rerender, getByText } = render(<Log turns={[]} answered={false} />);
    expect(scroll).not.toHaveBeenCalled();
    rerender(<Log turns={[1]} answered={false} />);
    rerender(<Log turns={[1]} answered />);
    rerender(<Log turns={[1]} answered />);
    expect(scroll).toHaveBeenCalledTimes(2);
    expect(scroll.mock.contexts[1]).toBe(getByText('turn 1'));
    expect(scroll).toHaveBeenLastCalledWith({ block: 'start', behavior: 'smooth' });
    rerender(<Log turns={[1, 2]} answered={false} />);
    expect(scroll.mock.contexts[2]).toBe(getByText('turn 2'));
  });

  it('jumps without animation when the user prefers reduced motion', () => {
    motion(true);
    const scroll = vi.fn();
    Element.prototype.scrollIntoView = scroll;
    render(<Log turns={[1]} answered />);
    expect(scroll).toHaveBeenCalledWith({ block: 'start', behavior: 'auto' });
  });
});
