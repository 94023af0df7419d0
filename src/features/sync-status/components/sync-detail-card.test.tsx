// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { addBookmark } from '@/data/bookmarks';
import { db } from '@/data/db';
import { createSyncStore } from '@/data/sync-queue';
import { withFreshStore } from '@/data/testing/fresh-store';
import { setPageSyncState } from '@/sync/page-status';
import { phaseLabel } from '../labels';
import { SyncStatusBadge } from './sync-status-badge';

withFreshStore({ after: () => setPageSyncState({ online: true }) });

const idle = { phase: 'idle' as const, online: true, inFlight: 0, download: null, lastSyncedAt: null, lastError: null };

async function parkFirstOp(): Promise<void> {
  const store = createSyncStore(db);
  const [op] = await db.outbox.toArray();
  for (let i = 0; i < 3; i++)
    await store.recordFailure(op.id, { code: '42501', message: 'no', nextAttemptAt: 0, failure: 'permanent' });
}

function openCard() {
  render(<SyncStatusBadge />);
  fireEvent.click(screen.getByTestId('sync-status-badge'));
}

describe('issue 34: the sync card never says "Up to date" while anything is queued or needs attention', () => {
  it('says "Needs attention" next to a parked change while the engine is idle', async () => {
    setPageSyncState({ online: true, status: idle });
    await addBookmark(db, { listingId: 'l-parked' });
    await parkFirstOp();
    openCard();
    await waitFor(() => expect(screen.getByTestId('sync-parked').textContent).toBe('1'));
    expect(screen.getByTestId('sync-phase').textContent).toBe('Needs attention');
    expect(screen.getByRole('status').textContent).not.toContain('Up to date');
  });

  it('says "Pending" while a change is queued, and "Up to date" only once nothing is', async () => {
    setPageSyncState({ online: true, status: idle });
    await addBookmark(db, { listingId: 'l-queued' });
    openCard();
    await waitFor(() => expect(screen.getByTestId('sync-queued').textContent).toBe('1'));
    expect(screen.getByTestId('sync-phase').textContent).toBe('Pending');
    await db.outbox.clear();
    await waitFor(() => expect(screen.getByTestId('sync-phase').textContent).toBe('Up to date'));
  });

  it('phaseLabel: attention wins over queued; offline and active phases keep their own words', () => {
    expect(phaseLabel('idle', true, { queued: 3, parked: 1 })).toBe('Needs attention');
    expect(phaseLabel('idle', true, { queued: 3, parked: 0 })).toBe('Pending');
    expect(phaseLabel('idle', true, { queued: 0, parked: 0 })).toBe('Up to date');
    expect(phaseLabel('idle', false, { queued: 3, parked: 1 })).toBe('Offline');
    expect(phaseLabel('pushing', true, { queued: 3, parked: 0 })).toBe('Syncing changes');
  });
});
