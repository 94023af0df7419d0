// Enquiries in the local store: row + outbox op together, the thread's delivery states (queued,
// refused and parked, sent), the dealer's reply moving a new lead to 'contacted', and the hub's reads.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Dexie } from 'dexie';
import { MotorlyDb } from '../db';
import { setSessionUser } from '../session';
import type { Dealer, ParkedOp, VehicleListing } from '../types';
import { listingPriceError, priceNeedsConfirmation, setListingStatus, updateListingPrice } from './dealer-listings';
import { loadDealerHub, loadMyLeadThreads } from './lead-threads';
import { createEnquiry, sendLeadMessage, setLeadStatus, type EnquiryInput } from './leads';

let db: MotorlyDb;
let n = 0;
const BUYER = '11111111-1111-4111-8111-111111111111';
const DEALER_USER = '22222222-2222-4222-8222-222222222222';
const DEALER = 'd0000000-0000-4000-8000-000000000001';
const LISTING = 'l0000000-0000-4000-8000-000000000001';

const input: EnquiryInput = {
  listingId: LISTING,
  dealerId: DEALER,
  name: '  Pat Buyer ',
  email: 'pat@example.com',
  phone: '',
  message: ' Is it still available? ',
  partExchange: true,
  partExchangeRegistration: 'ab12 cde',
  partExchangeMileage: 42000,
  financeInterest: true,
};

beforeEach(async () => {
  db = new MotorlyDb(`test-leads-${++n}`);
  await db.dealers.put({ id: DEALER, name: 'Aberystwyth Car Centre', town: 'Aberystwyth' } as Dealer);
  await db.vehicle_listings.put({
    id: LISTING,
    dealer_id: DEALER,
    title: '2022 Nissan Ariya',
    price: 16895,
    status: 'active',
    listed_at: '2026-11-01T00:00:00Z',
  } as VehicleListing);
  await setSessionUser(db, BUYER);
});
afterEach(async () => {
  db.close();
  await Dexie.delete(db.name);
});

async function park(rowId: string, message: string) {
  const op = (await db.outbox.where('[table+row_id]').equals(['leads', rowId]).first())!;
  await db.needs_attention.put({
    ...op,
    parked_at: Date.now(),
    failure: 'permanent',
    last_error: message,
    last_error_code: 'PT429',
  } as ParkedOp);
  await db.outbox.delete(op.id);
  return op.id;
}

describe('createEnquiry', () => {
  it('stores the lead and queues one create op with the trimmed fields', async () => {
    const lead = await createEnquiry(db, input);
    const ops = await db.outbox.toArray();
    expect(ops).toHaveLength(1);
    expect(ops[0]).toMatchObject({ type: 'create', table: 'leads', row_id: lead.id });
    expect(ops[0].data).toMatchObject({
      user_id: BUYER,
      vehicle_listing_id: LISTING,
      dealer_id: DEALER,
      name: 'Pat Buyer',
      message: 'Is it still available?',
      status: 'new',
      part_exchange: true,
      part_exchange_registration: 'AB12 CDE',
      part_exchange_mileage: 42000,
      finance_interest: true,
    });
  });

  it('drops part-exchange details when part exchange is not asked for', async () => {
    const lead = await createEnquiry(db, { ...input, partExchange: false });
    expect(await db.leads.get(lead.id)).toMatchObject({
      part_exchange: false,
      part_exchange_registration: '',
      part_exchange_mileage: null,
    });
  });

  it('needs a signed-in user', async () => {
    await setSessionUser(db, null);
    await expect(createEnquiry(db, input)).rejects.toThrow('Please sign in');
    expect(await db.leads.count()).toBe(0);
  });
});

describe('thread delivery states', () => {
  it('queued while in the outbox, failed with the server message once parked, sent when gone', async () => {
    const lead = await createEnquiry(db, input);
    expect((await loadMyLeadThreads(db))[0].delivery).toEqual({ state: 'queued' });
    const opId = await park(lead.id, 'Too many attempts. Please try again later.');
    expect((await loadMyLeadThreads(db))[0].delivery).toEqual({
      state: 'failed',
      message: 'Too many attempts. Please try again later.',
      opId,
    });
    await db.needs_attention.clear();
    const [thread] = await loadMyLeadThreads(db);
    expect(thread.delivery).toEqual({ state: 'sent' });
    expect(thread.listing?.title).toBe('2022 Nissan Ariya');
    expect(thread.dealer?.name).toBe('Aberystwyth Car Centre');
  });

  it("lists only the signed-in user's leads, newest first, with messages oldest first", async () => {
    const first = await createEnquiry(db, input);
    await db.leads.update(first.id, { created_at: '2026-11-20T10:00:00Z' });
    const second = await createEnquiry(db, { ...input, message: 'Second' });
    await db.leads.put({ ...second, id: 'someone-else', user_id: DEALER_USER });
    await db.lead_messages.bulkPut([
      { id: 'm2', lead_id: first.id, sender_id: DEALER_USER, body: 'Later', created_at: '2026-11-21T10:00:00Z' },
      { id: 'm1', lead_id: first.id, sender_id: DEALER_USER, body: 'Earlier', created_at: '2026-11-20T11:00:00Z' },
    ]);
    const threads = await loadMyLeadThreads(db);
    expect(threads.map((t) => t.lead.id)).toEqual([second.id, first.id]);
    expect(threads[1].messages.map((m) => [m.body, m.mine])).toEqual([
      ['Earlier', false],
      ['Later', false],
    ]);
  });
});

describe('replies and statuses', () => {
  it("a buyer's reply queues a message op and leaves the status alone", async () => {
    const lead = await createEnquiry(db, input);
    const msg = await sendLeadMessage(db, lead.id, '  Any news? ');
    expect(msg).toMatchObject({ lead_id: lead.id, sender_id: BUYER, body: 'Any news?' });
    const ops = await db.outbox.orderBy('seq').toArray();
    expect(ops.map((o) => [o.table, o.type])).toEqual([
      ['leads', 'create'],
      ['lead_messages', 'create'],
    ]);
    expect(ops[1].data).not.toHaveProperty('user_id');
    expect((await db.leads.get(lead.id))?.status).toBe('new');
    await expect(sendLeadMessage(db, lead.id, '   ')).rejects.toThrow('Write a message first.');
  });

  it('issue 31 hole 7: a reply over the 2,000 characters the server takes is refused before it is queued', async () => {
    const lead = await createEnquiry(db, input);
    await expect(sendLeadMessage(db, lead.id, 'x'.repeat(2001))).rejects.toThrow(
      'Your message must be at most 2,000 characters.',
    );
    expect(await db.lead_messages.count()).toBe(0);
    expect((await sendLeadMessage(db, lead.id, 'y'.repeat(2000))).body).toHaveLength(2000);
  });

  it("a dealer's first reply marks a new lead contacted in the same transaction; the hub shows his dealer's leads", async () => {
    const lead = await createEnquiry(db, input);
    await setSessionUser(db, DEALER_USER); // a different account: the buyer's local data is cleared
    await db.leads.put({ ...lead, created_at: '2026-11-22T09:00:00Z' });
    await db.dealer_members.put({ id: 'dm1', dealer_id: DEALER, user_id: DEALER_USER, role: 'owner' });
    await sendLeadMessage(db, lead.id, 'Yes, come and see it.');
    const ops = await db.outbox.orderBy('seq').toArray();
    expect(ops.map((o) => [o.table, o.type, o.data.status])).toEqual([
      ['lead_messages', 'create', undefined],
      ['leads', 'update', 'contacted'],
    ]);
    const hub = (await loadDealerHub(db))!;
    expect(hub.dealer?.name).toBe('Aberystwyth Car Centre');
    expect(hub.listings.map((l) => l.id)).toEqual([LISTING]);
    expect(hub.threads[0].lead.status).toBe('contacted');
    expect(hub.threads[0].messages[0]).toMatchObject({ mine: true, delivery: { state: 'queued' } });
    await setLeadStatus(db, lead.id, 'closed');
    expect((await db.outbox.orderBy('seq').last())?.data).toEqual({ status: 'closed' });
  });

  it('no hub for a user who is no dealer member', async () => {
    expect(await loadDealerHub(db)).toBeNull();
  });
});

describe('dealer listing edits', () => {
  it('queue only the changed column', async () => {
    await updateListingPrice(db, LISTING, 15995);
    await setListingStatus(db, LISTING, 'reserved');
    const ops = await db.outbox.orderBy('seq').toArray();
    expect(ops.map((o) => [o.table, o.type, o.data])).toEqual([
      ['vehicle_listings', 'update', { price: 15995 }],
      ['vehicle_listings', 'update', { status: 'reserved' }],
    ]);
    expect(await db.vehicle_listings.get(LISTING)).toMatchObject({ price: 15995, status: 'reserved' });
  });

  it('refuse a price that is not whole pounds from £100 to £5,000,000', async () => {
    const range = 'The price must be between £100 and £5,000,000.';
    expect(listingPriceError(0)).toBe(range);
    expect(listingPriceError(99)).toBe(range);
    expect(listingPriceError(100)).toBeNull();
    expect(listingPriceError(5_000_000)).toBeNull();
    expect(listingPriceError(99.5)).toBe('Enter the price in whole pounds.');
    expect(listingPriceError(Number.NaN)).toBe('Enter the price in pounds.');
    expect(listingPriceError(6_000_000)).toBe(range);
    await expect(updateListingPrice(db, LISTING, 1)).rejects.toThrow('between £100');
    expect(await db.outbox.count()).toBe(0);
  });

  it('flag a cut of more than 30% or a price under £500 for confirmation, as the server does', () => {
    expect(priceNeedsConfirmation(20_000, 14_000)).toBe(false); // exactly 30%
    expect(priceNeedsConfirmation(20_000, 13_999)).toBe(true);
    expect(priceNeedsConfirmation(20_000, 25_000)).toBe(false);
    expect(priceNeedsConfirmation(600, 499)).toBe(true);
    expect(priceNeedsConfirmation(null, 500)).toBe(false);
  });

  it('send a confirmed price with the write-only confirmed_price flag, never stored locally', async () => {
    await updateListingPrice(db, LISTING, 9_000, true);
    const [op] = await db.outbox.toArray();
    expect(op.data).toEqual({ price: 9_000, confirmed_price: 9_000 });
    const row = await db.vehicle_listings.get(LISTING);
    expect(row).toMatchObject({ price: 9_000 });
    expect(row).not.toHaveProperty('confirmed_price');
  });
});
