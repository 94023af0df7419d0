// How refused writes reach the user (issue 31 holes 7 and 9): a search interaction over the server's
// limits is telemetry and is dropped quietly; an enquiry message over them parks with SPEC §8's
// rate-limit sentence; an address the database refuses parks with SPEC §5's 'Invalid email format'.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MotorlyDb } from '@/data/db';
import { createRow, createSyncStore, setSessionUser } from '@/data/sync-queue';
import { recordSearchInteraction } from '@/data/repositories/activity';
import { SyncEngine, type SyncEvent } from './engine';
import { FakeClock, FakeServer } from './testing/fake-server';
import { friendlyFailure } from './sync-errors';

const USER = '33333333-3333-4333-8333-333333333333';
const RATE = 'Too many attempts. Please try again later.';
let n = 0;
let db: MotorlyDb;
let server: FakeServer;
let clock: FakeClock;
let engine: SyncEngine;
let events: SyncEvent[];

const settle = () => engine.whenIdle();

beforeEach(async () => {
  db = new MotorlyDb(`push-refusals-${++n}`);
  await setSessionUser(db, USER);
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

describe('issue 31 hole 7: refused writes', () => {
  it('drops a search interaction over the limit quietly: no notice, nothing to attend to', async () => {
    const row = await recordSearchInteraction(db, { interaction_type: 'ai_search', search_query: 'family suv' });
    server.rejectedRows.set(row!.id, { code: 'PT429', message: RATE });
    engine.start();
    await settle();
    for (let i = 0; i < 3; i++) await clock.advance(5000, settle);
    expect(await db.outbox.count()).toBe(0);
    expect(await db.needs_attention.count()).toBe(0);
    expect(events.filter((e) => e.type === 'sync-failed' || e.type === 'sync-error')).toEqual([]);
    expect(engine.getStatus().lastError).toBeNull();
  });

  it('parks an enquiry message over the limit with the spec rate-limit sentence', async () => {
    const message = await createRow(
      db,
      'lead_messages',
      { lead_id: crypto.randomUUID(), sender_id: USER, body: 'Hello' } as never,
      { ownedByUser: false },
    );
    server.rejectedRows.set(message.id, { code: 'PT429', message: RATE });
    engine.start();
    await settle();
    for (let i = 0; i < 3; i++) await clock.advance(5000, settle);
    const parked = await db.needs_attention.toArray();
    expect(parked).toMatchObject([{ failure: 'permanent', last_error_code: 'PT429', last_error: RATE }]);
    expect(events).toContainEqual(expect.objectContaining({ type: 'sync-failed', message: RATE }));
  });
});

describe('issue 31 hole 9: an address the database refuses', () => {
  it("reads as SPEC §5's 'Invalid email format', other check failures as the generic data message", () => {
    const refused = 'new row for relation "leads" violates check constraint "leads_email_valid"';
    expect(friendlyFailure('23514', undefined, refused)).toBe('Invalid email format');
    expect(friendlyFailure('23514', undefined, 'violates check constraint "leads_message_length"')).toBe(
      'There was a problem accessing the data. Please try again.',
    );
    expect(friendlyFailure('PT429', undefined, refused)).toBe(RATE);
  });
});
