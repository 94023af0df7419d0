// Issue 33: a price the server's guards refuse reaches the Dealer Hub row as a clear reason, through the
// same outbox path as every write: the op parks at once (a check violation cannot succeed on retry) and
// its last_error is the app's own sentence, never the server's text.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MotorlyDb } from '@/data/db';
import { updateListingPrice } from '@/data/leads';
import { createSyncStore, setSessionUser } from '@/data/sync-queue';
import type { VehicleListing } from '@/data/types';
import { SyncEngine, type SyncEvent } from './engine';
import { FakeClock, FakeServer } from './testing/fake-server';
import { PRICE_NEEDS_CONFIRMATION_MESSAGE, PRICE_OUT_OF_RANGE_MESSAGE, friendlyFailure } from './sync-errors';

const USER = '44444444-4444-4444-8444-444444444444';
const LISTING = '55555555-5555-4555-8555-555555555555';
let n = 0;
let db: MotorlyDb;
let server: FakeServer;
let clock: FakeClock;
let engine: SyncEngine;
let events: SyncEvent[];

const settle = () => engine.whenIdle();

beforeEach(async () => {
  db = new MotorlyDb(`price-refusals-${++n}`);
  await setSessionUser(db, USER);
  await db.vehicle_listings.put({ id: LISTING, dealer_id: 'd', price: 20_000, status: 'active' } as VehicleListing);
  server = new FakeServer();
  clock = new FakeClock();
  events = [];
  engine = new SyncEngine({
    store: createSyncStore(db),
    transport: server.transport(),
    clock,
    isOnline: () => true,
    onEvent: (e) => events.push(e),
    catalogueTables: [],
    userTables: [],
  });
});
afterEach(async () => {
  engine.stop();
  await db.delete();
});

describe('issue 33: refused prices', () => {
  it('parks a cut the server wants confirmed with the sentence that says so', async () => {
    await updateListingPrice(db, LISTING, 9_000);
    server.rejectedRows.set(LISTING, {
      code: '23514',
      message: 'listing_price_needs_confirmation: a cut of more than 30% or a price under £500 must be confirmed',
    });
    engine.start();
    await settle();
    for (let i = 0; i < 3; i++) await clock.advance(5000, settle);
    const parked = await db.needs_attention.toArray();
    expect(parked).toMatchObject([
      {
        table: 'vehicle_listings',
        row_id: LISTING,
        failure: 'permanent',
        last_error: PRICE_NEEDS_CONFIRMATION_MESSAGE,
      },
    ]);
    expect(await db.outbox.count()).toBe(0);
    expect(events).toContainEqual(
      expect.objectContaining({ type: 'sync-failed', message: PRICE_NEEDS_CONFIRMATION_MESSAGE }),
    );
  });

  it('maps only the guard keys to price sentences; other check failures stay generic', () => {
    expect(friendlyFailure('23514', undefined, 'listing_price_out_of_range: a price must be between')).toBe(
      PRICE_OUT_OF_RANGE_MESSAGE,
    );
    expect(friendlyFailure('23514', undefined, 'violates check constraint "vehicle_listings_price_check"')).toBe(
      'There was a problem accessing the data. Please try again.',
    );
    expect(friendlyFailure('42501', undefined, 'listing_price_out_of_range')).toBe(
      'You do not have permission to perform this action.',
    );
  });
});
