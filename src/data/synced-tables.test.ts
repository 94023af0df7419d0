// The synced-tables list is the one place a synced table is named. Here: the Dexie schema derives from
// it and equals the one the literal Dexie versions built (existing databases see no change). Realtime's
// and the sync card's derivations: sync/realtime-tables.test.ts, features/sync-status/labels.test.ts.
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  MotorlyDb,
  SCHEMA_V1,
  SCHEMA_V2,
  SCHEMA_V3,
  SCHEMA_V4,
  SCHEMA_V5,
  SCHEMA_V6,
  SCHEMA_V7,
  SCHEMA_V8,
  SCHEMA_V9,
  SCHEMA_V10,
} from './db';
import {
  CATALOGUE_TABLES,
  SYNCED_TABLES,
  USER_TABLES,
  isSyncTable,
  syncedStores,
  type SyncedTableEntry,
} from './synced-tables';

const LITERAL_VERSIONS = [
  SCHEMA_V1,
  SCHEMA_V2,
  SCHEMA_V3,
  SCHEMA_V4,
  SCHEMA_V5,
  SCHEMA_V6,
  SCHEMA_V7,
  SCHEMA_V8,
  SCHEMA_V9,
  SCHEMA_V10,
];
/** What the literal versions add up to: each version's stores replace the earlier ones of that name. */
const literalSchema: Record<string, string> = Object.assign({}, ...LITERAL_VERSIONS);

let n = 0;
const opened: MotorlyDb[] = [];
function open(...args: ConstructorParameters<typeof MotorlyDb> extends [string?, ...infer R] ? R : never) {
  const db = new MotorlyDb(`synced-tables-${++n}`, ...args);
  opened.push(db);
  return db;
}
afterEach(async () => {
  for (const db of opened.splice(0)) {
    db.close();
    await db.delete();
  }
});

/** The index string Dexie holds for a table, rebuilt from its parsed schema. */
function installedIndexes(db: MotorlyDb, table: string): string[] {
  const { primKey, indexes } = db.table(table).schema;
  return [primKey.src, ...indexes.map((i) => i.src)];
}
const split = (indexes: string) => indexes.split(',').map((s) => s.trim());

describe('synced tables list', () => {
  it('derives byte-identical stores to those the literal Dexie versions declared for every synced table', () => {
    const derived = syncedStores();
    const literalSynced = Object.keys(literalSchema).filter(isSyncTable);
    expect(literalSynced.sort()).toEqual(Object.keys(derived).sort());
    for (const name of literalSynced) expect(derived[name], name).toBe(literalSchema[name]);
  });

  it('opens with every synced table at its listed indexes, and the local stores untouched', async () => {
    const db = open();
    await db.open();
    for (const t of SYNCED_TABLES) expect(installedIndexes(db, t.name), t.name).toEqual(split(t.indexes));
    for (const local of [
      'outbox',
      'sync_state',
      'needs_attention',
      'query_windows',
      ...Object.keys(SCHEMA_V8),
      ...Object.keys(SCHEMA_V10),
    ])
      expect(installedIndexes(db, local), local).toEqual(split(literalSchema[local]));
  });

  it('keeps the groups and the engine pull order, and names every table once', () => {
    expect(CATALOGUE_TABLES).toEqual([
      'brands',
      'car_models',
      'dealers',
      'reviews',
      'vehicle_listings',
      'listing_price_history',
    ]);
    expect(USER_TABLES).toContain('saved_searches');
    expect(new Set(SYNCED_TABLES.map((t) => t.name)).size).toBe(SYNCED_TABLES.length);
    expect(isSyncTable('deleted_rows')).toBe(false);
  });
});

describe('adding a synced table is one entry', () => {
  const testDrives: SyncedTableEntry = {
    name: 'test_drives',
    group: 'user',
    indexes: 'id, user_id, booked_for, [user_id+booked_for]',
    realtime: 'own',
    label: 'Test drive',
  };
  const withTestDrives = [...SYNCED_TABLES, testDrives];
  // The same entry reaches realtime and the sync card: sync/realtime-tables.test.ts, labels.test.ts.

  it('reaches the Dexie schema of a new database and of one already installed', async () => {
    const fresh = open(Number.POSITIVE_INFINITY, withTestDrives);
    await fresh.open();
    expect(installedIndexes(fresh, 'test_drives')).toEqual(split(testDrives.indexes));

    const installed = open();
    await installed.error_reports.put({ id: 'e1' } as never);
    installed.close();
    opened.splice(opened.indexOf(installed), 1);
    // Dexie warns that it extends the newest version in place; the stored rows stay.
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const upgraded = new MotorlyDb(installed.name, Number.POSITIVE_INFINITY, withTestDrives);
    opened.push(upgraded);
    await upgraded.table('test_drives').put({ id: 'd1', user_id: 'u1', booked_for: '2026-01-02' });
    expect(await upgraded.table('test_drives').where('user_id').equals('u1').count()).toBe(1);
    expect(installedIndexes(upgraded, 'test_drives')).toEqual(split(testDrives.indexes));
    expect(await upgraded.error_reports.get('e1')).toEqual({ id: 'e1' });
    warn.mockRestore();
  });
});
