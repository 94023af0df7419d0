// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { Component, type ReactNode } from 'react';
import { act, render, screen, waitFor } from '@testing-library/react';
import { db } from '../db';
import { toggleBookmark } from '../repositories/bookmarks';
import { withFreshStore } from '../testing/fresh-store';
import { useIsBookmarked } from './use-bookmarks';
import { useLiveValue } from './use-live-value';

withFreshStore();

function Pressed({ listingId }: { listingId: string }) {
  const on = useIsBookmarked({ listingId });
  return <output data-testid="state">{on === undefined ? 'loading' : String(on)}</output>;
}

class Boundary extends Component<{ children: ReactNode }, { error: string | null }> {
  state = { error: null };
  static getDerivedStateFromError(e: unknown) {
    return { error: e instanceof Error ? e.message : String(e) };
  }
  render() {
    return this.state.error ? <p data-testid="error">{this.state.error}</p> : this.props.children;
  }
}

describe('useLiveValue', () => {
  it('is undefined while loading, then follows committed writes', async () => {
    render(<Pressed listingId="l1" />);
    expect(screen.getByTestId('state').textContent).toBe('loading');
    await waitFor(() => expect(screen.getByTestId('state').textContent).toBe('false'));
    await act(async () => {
      await toggleBookmark(db, { listingId: 'l1' });
    });
    await waitFor(() => expect(screen.getByTestId('state').textContent).toBe('true'));
    await act(async () => {
      await toggleBookmark(db, { listingId: 'l1' });
    });
    await waitFor(() => expect(screen.getByTestId('state').textContent).toBe('false'));
  });

  it('re-queries when the key changes', async () => {
    await toggleBookmark(db, { listingId: 'l2' });
    const view = render(<Pressed listingId="l1" />);
    await waitFor(() => expect(screen.getByTestId('state').textContent).toBe('false'));
    view.rerender(<Pressed listingId="l2" />);
    await waitFor(() => expect(screen.getByTestId('state').textContent).toBe('true'));
  });

  it('throws a failed query to the error boundary', async () => {
    function Failing() {
      useLiveValue('x', () => Promise.reject(new Error('store unavailable')));
      return null;
    }
    const quiet = console.error;
    console.error = () => undefined; // React logs caught render errors
    try {
      render(
        <Boundary>
          <Failing />
        </Boundary>,
      );
      await waitFor(() => expect(screen.getByTestId('error').textContent).toBe('store unavailable'));
    } finally {
      console.error = quiet;
    }
  });
});
