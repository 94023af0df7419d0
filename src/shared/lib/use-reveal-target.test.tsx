// @vitest-environment jsdom
import { render } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useRevealTarget } from './use-reveal-target';

function List({ ids, target }: { ids: string[]; target: string | null }) {
  useRevealTarget(target);
  return (
    <ul>
      {ids.map((id) => (
        <li key={id}>
          <article id={id}>{id}</article>
        </li>
      ))}
    </ul>
  );
}

describe('useRevealTarget', () => {
  it('focuses the target once it renders, and only once', () => {
    const scroll = vi.fn();
    Element.prototype.scrollIntoView = scroll;
    const { rerender, getByText } = render(<List ids={[]} target="b" />);
    expect(scroll).not.toHaveBeenCalled();
    rerender(<List ids={['a', 'b']} target="b" />);
    expect(document.activeElement).toBe(getByText('b'));
    expect(getByText('b').getAttribute('tabindex')).toBe('-1');
    (document.activeElement as HTMLElement).blur();
    rerender(<List ids={['a', 'b', 'c']} target="b" />);
    expect(scroll).toHaveBeenCalledTimes(1);
    expect(document.activeElement).not.toBe(getByText('b'));
  });

  it('does nothing without a target', () => {
    const scroll = vi.fn();
    Element.prototype.scrollIntoView = scroll;
    render(<List ids={['a']} target={null} />);
    expect(scroll).not.toHaveBeenCalled();
  });
});
