// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { db } from '@/data/db';
import { withFreshStore } from '@/data/testing/fresh-store';
import { resetToasts, toastStore } from '@/shared/ui/toast-store';
import { BookmarkButton } from './bookmark-button';

withFreshStore({ before: resetToasts, after: resetToasts });

describe('BookmarkButton', () => {
  it('shows what the store holds after each click, with a toast', async () => {
    render(<BookmarkButton target={{ listingId: 'l1' }} label="Ford Focus" />);
    const button = screen.getByTestId('bookmark-toggle');
    await waitFor(() => expect(button.hasAttribute('disabled')).toBe(false));
    expect(button.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(button);
    await waitFor(() => expect(button.getAttribute('aria-pressed')).toBe('true'));
    expect(button.textContent).toContain('Bookmarked');
    expect(await db.bookmarks.where('vehicle_listing_id').equals('l1').count()).toBe(1);
    await waitFor(() => expect(toastStore.getState().toasts.at(-1)?.title).toBe('Saved to bookmarks'));
    fireEvent.click(button);
    await waitFor(() => expect(button.getAttribute('aria-pressed')).toBe('false'));
    expect(await db.bookmarks.count()).toBe(0);
    await waitFor(() => expect(toastStore.getState().toasts.at(-1)?.title).toBe('Removed from bookmarks'));
  });

  it('ignores a second click while the first toggle is being written', async () => {
    render(<BookmarkButton target={{ listingId: 'l1' }} label="Ford Focus" />);
    const button = screen.getByTestId('bookmark-toggle');
    await waitFor(() => expect(button.hasAttribute('disabled')).toBe(false));
    fireEvent.click(button);
    fireEvent.click(button);
    await waitFor(() => expect(button.getAttribute('aria-pressed')).toBe('true'));
    await new Promise((r) => setTimeout(r, 50));
    expect(button.getAttribute('aria-pressed')).toBe('true');
    expect((await db.outbox.toArray()).map((o) => o.type)).toEqual(['create']);
  });
});
