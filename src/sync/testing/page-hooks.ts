// Page test hooks for the e2e specs and bench:sync (window.__motorlySync). Loaded only by builds
// made with VITE_TEST_HOOKS=1 (see sync/index.ts); the product bundle does not contain this file.
import { findBookmark, toggleBookmark } from '@/data/bookmarks';
import { db } from '@/data/db';
import type { SyncTableName } from '@/data/types';
import { getSupabase } from '../supabase-client';
import { getPageSyncState, type PageSyncState } from '../page-status';

export interface SyncTestHooks {
  toggleListingBookmark(listingId: string): Promise<boolean>;
  isListingBookmarked(listingId: string): Promise<boolean>;
  queueCounts(): Promise<{ queued: number; parked: number }>;
  status(): PageSyncState;
  localCount(table: SyncTableName): Promise<number>;
  /** One row of the local store (undefined: not on this device). */
  localRow(table: SyncTableName, id: string): Promise<Record<string, unknown> | undefined>;
  /**
   * The online-only baseline of bench:sync: the same bookmark write straight through supabase-js,
   * awaited (no local store). `bookmarked` is what the caller's screen shows now.
   * @returns the new state
   */
  onlineToggleBookmark(listingId: string, bookmarked: boolean): Promise<boolean>;
}

async function onlineToggleBookmark(listingId: string, bookmarked: boolean): Promise<boolean> {
  const supabase = getSupabase();
  const { data } = await supabase.auth.getSession();
  const userId = data.session?.user.id;
  if (!userId) throw new Error('Sign in first');
  const { error } = bookmarked
    ? await supabase.from('bookmarks').delete().eq('user_id', userId).eq('vehicle_listing_id', listingId)
    : await supabase
        .from('bookmarks')
        .insert({ id: crypto.randomUUID(), user_id: userId, vehicle_listing_id: listingId, note: '' });
  if (error) throw new Error(error.message);
  return !bookmarked;
}

/** Installs the hooks when the page opted in (localStorage 'motorly:test-hooks' = '1'). */
export function installTestHooks(): void {
  let optedIn = false;
  try {
    optedIn = localStorage.getItem('motorly:test-hooks') === '1';
  } catch {
    optedIn = false; // storage disabled: no hooks
  }
  if (!optedIn) return;
  const hooks: SyncTestHooks = {
    toggleListingBookmark: (listingId) => toggleBookmark(db, { listingId }),
    isListingBookmarked: async (listingId) => (await findBookmark(db, { listingId })) !== undefined,
    queueCounts: async () => ({ queued: await db.outbox.count(), parked: await db.needs_attention.count() }),
    status: () => getPageSyncState(),
    localCount: (table) => db.table(table).count(),
    localRow: (table, id) => db.table<Record<string, unknown>, string>(table).get(id),
    onlineToggleBookmark,
  };
  Object.assign(window, { __motorlySync: hooks });
}
