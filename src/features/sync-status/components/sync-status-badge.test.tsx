// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { addBookmark } from '@/data/bookmarks';
import { db } from '@/data/db';
import { createSyncStore } from '@/data/sync-queue';
import { withFreshStore } from '@/data/testing/fresh-store';
import { setPageSyncState } from '@/sync/page-status';
import { toastStore } from '@/shared/ui/toast-store';
import { SyncStatusBadge } from './sync-status-badge';

withFreshStore({ after: () => setPageSyncState({ online: true }) });

describe('SyncStatusBadge', () => {
  it('shows online/offline and the queued count, announces changes, and toasts going offline', async () => {
    render(<SyncStatusBadge />);
    const button = screen.getByTestId('sync-status-badge');
    expect(button).toHaveProperty('textContent', 'Online');
    await act(async () => {
      await addBookmark(db, { listingId: 'l1' });
    });
    await waitFor(() => expect(screen.getByTestId('sync-pending-count').textContent).toBe('1'));
    expect(button.getAttribute('aria-label')).toBe('Sync status: Online, 1 change waiting to sync');
    act(() => {
      setPageSyncState({ online: false });
      window.dispatchEvent(new Event('offline'));
    });
    expect(button.textContent).toContain('Offline');
    expect(screen.getByRole('status').textContent).toBe('Offline, 1 change waiting to sync');
    expect(toastStore.getState().toasts.at(-1)?.title).toBe('No Connection');
    act(() => {
      setPageSyncState({ online: true });
      window.dispatchEvent(new Event('online'));
    });
    expect(toastStore.getState().toasts.at(-1)).toMatchObject({
      title: 'Back Online',
      description: 'Your changes are syncing.',
    });
  });

  it('opens the detail card with Retry / Discard for ops needing attention; Escape closes it', async () => {
    const b = await addBookmark(db, { listingId: 'l2' });
    const store = createSyncStore(db);
    const [op] = await db.outbox.toArray();
    for (let i = 0; i < 3; i++) {
      await store.recordFailure(op.id, {
        code: '42501',
        message: 'You do not have permission to perform this action.',
        nextAttemptAt: 0,
        failure: 'permanent',
      });
    }
    render(<SyncStatusBadge />);
    const button = screen.getByTestId('sync-status-badge');
    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    await waitFor(() => expect(screen.getAllByTestId('sync-parked-op')).toHaveLength(1));
    expect(screen.getByTestId('sync-parked').textContent).toBe('1');
    expect(screen.getByText('You do not have permission to perform this action.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Retry: Bookmark added' }));
    await waitFor(() => expect(screen.queryAllByTestId('sync-parked-op')).toHaveLength(0));
    expect(await db.outbox.get(op.id)).toMatchObject({ retries: 0 });

    for (let i = 0; i < 3; i++)
      await store.recordFailure(op.id, { code: '42501', message: 'no', nextAttemptAt: 0, failure: 'permanent' });
    await waitFor(() => expect(screen.getAllByTestId('sync-parked-op')).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: 'Discard: Bookmark added' }));
    await waitFor(() => expect(screen.queryAllByTestId('sync-parked-op')).toHaveLength(0));
    expect(await store.takeRefetch()).toEqual(new Map([['bookmarks', [b.id]]]));
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByTestId('sync-detail-card')).toBeNull();
    expect(document.activeElement).toBe(button);
  });
});
