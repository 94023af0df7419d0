import { describe, expect, it } from 'vitest';
import type { MotorlyDb } from './db';
import { ReadOnlyTableError, createRow, deleteRow, updateRow } from './outbox';
import { withTestDb } from './testing/test-db';

let db: MotorlyDb;
const USER = '22222222-2222-4222-8222-222222222222';
const LISTING = '00000000-0000-4000-8000-000000000001';

withTestDb('test-outbox-read-only', (d) => (db = d), USER);

describe('issue 31 hole 3: the outbox never queues a write to price history', () => {
  it('refuses a create, an update and a delete, and stores nothing', async () => {
    const row = { vehicle_listing_id: LISTING, price: 1, changed_at: new Date().toISOString() };
    await expect(createRow(db, 'listing_price_history', row, { ownedByUser: false })).rejects.toBeInstanceOf(
      ReadOnlyTableError,
    );
    expect(await db.listing_price_history.count()).toBe(0);

    // a row the pull stored: changing or removing it locally queues nothing either
    const pulled = { id: crypto.randomUUID(), ...row, created_at: row.changed_at, updated_at: row.changed_at };
    await db.listing_price_history.put(pulled);
    await expect(updateRow(db, 'listing_price_history', pulled.id, { price: 2 })).rejects.toBeInstanceOf(
      ReadOnlyTableError,
    );
    await expect(deleteRow(db, 'listing_price_history', pulled.id)).rejects.toBeInstanceOf(ReadOnlyTableError);
    expect(await db.listing_price_history.get(pulled.id)).toMatchObject({ price: 1 });
    expect(await db.outbox.count()).toBe(0);
  });
});
