// Realtime's subscriptions derive from the synced-tables list (data/synced-tables.ts), each table by its rule.
import { describe, expect, it } from 'vitest';
import { SYNCED_TABLES, realtimeTables, type SyncedTableEntry } from '@/data/sync-queue';
import { PUBLIC_REALTIME_TABLES, SHARED_REALTIME_TABLES, USER_REALTIME_TABLES } from './realtime';

describe('realtime tables', () => {
  it('streams the same tables as before the list, each by its rule', () => {
    expect(USER_REALTIME_TABLES).toEqual([
      'dealer_members',
      'notifications',
      'price_alerts',
      'user_preferences',
      'saved_searches',
    ]);
    expect(SHARED_REALTIME_TABLES).toEqual(['leads', 'lead_messages']);
    expect(PUBLIC_REALTIME_TABLES).toEqual(['reviews']);
    expect(realtimeTables('held')).toEqual(['vehicle_listings']);
  });

  it('picks up a new entry by its rule (the design doc worked example)', () => {
    const testDrives: SyncedTableEntry = {
      name: 'test_drives',
      group: 'user',
      indexes: 'id, user_id, booked_for',
      realtime: 'own',
      label: 'Test drive',
    };
    const list = [...SYNCED_TABLES, testDrives];
    expect(realtimeTables('own', list)).toEqual([...USER_REALTIME_TABLES, 'test_drives']);
    expect(realtimeTables('shared', list)).toEqual(SHARED_REALTIME_TABLES);
  });
});
