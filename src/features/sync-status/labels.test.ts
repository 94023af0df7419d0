// The sync card names a queued op by its table's label in the synced-tables list (data/synced-tables.ts).
import { describe, expect, it } from 'vitest';
import { SYNCED_TABLES, syncedLabels } from '@/data/sync-queue';
import { describeOp } from './labels';

describe('sync card labels', () => {
  it('gives every synced table a label, saved searches and dealer memberships included', () => {
    for (const t of SYNCED_TABLES) expect(describeOp({ table: t.name, type: 'create' })).toBe(`${t.label} added`);
    expect(describeOp({ table: 'saved_searches', type: 'delete' })).toBe('Saved search removed');
    expect(describeOp({ table: 'dealer_members', type: 'update' })).toBe('Dealer membership changed');
    expect(describeOp({ table: 'bookmarks', type: 'create' })).toBe('Bookmark added');
  });

  it('labels a new entry from the list (the design doc worked example)', () => {
    const list = [
      ...SYNCED_TABLES,
      { name: 'test_drives', group: 'user', indexes: 'id, user_id', realtime: 'own', label: 'Test drive' } as const,
    ];
    expect(syncedLabels(list).test_drives).toBe('Test drive');
  });
});
