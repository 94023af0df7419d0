// Read side of enquiries, shared by /my-leads and the Dealer Hub: a lead with its listing, dealer,
// message thread and delivery state (still queued, refused by the server, or sent). Plain async reads
// so live queries (hooks/use-leads.ts) and tests use the same code.
//
// Every Dexie read sits directly in the loader (no awaited helper functions in between): Dexie
// follows a live query's reads across native awaits only so deep, and a read it lost track of was not
// observed, so rows the sync worker pulled later (a dealer's membership) never re-ran the query.
import type { MotorlyDb } from '../db';
import { STATE_KEYS } from '../sync-state';
import type { Dealer, DealerMember, Lead, LeadMessage, OutboxOp, ParkedOp, VehicleListing } from '../types';

/** Where a locally made row stands with the server. */
export type Delivery =
  | { state: 'sent' }
  | { state: 'queued' }
  /** Parked in "needs attention" (e.g. the enquiry limit): `opId` is for Retry / Discard. */
  | { state: 'failed'; message: string; opId: string };

export interface LeadMessageView extends LeadMessage {
  delivery: Delivery;
  /** Written by the signed-in user (shown on the right). */
  mine: boolean;
}

export interface LeadThread {
  lead: Lead;
  listing: VehicleListing | undefined;
  dealer: Dealer | undefined;
  messages: LeadMessageView[];
  delivery: Delivery;
}

const FAILED_FALLBACK = 'Could not be sent.';

/** Everything the threads of some leads need, read from the store. */
export interface ThreadSources {
  leads: Lead[];
  listings: (VehicleListing | undefined)[];
  dealers: (Dealer | undefined)[];
  messages: LeadMessage[];
  queued: OutboxOp[];
  parked: ParkedOp[];
}

function deliveryOf(rowId: string, table: string, queued: OutboxOp[], parked: ParkedOp[]): Delivery {
  const isCreate = (o: OutboxOp) => o.table === table && o.row_id === rowId && o.type === 'create';
  const op = parked.find(isCreate);
  if (op) return { state: 'failed', message: op.last_error ?? FAILED_FALLBACK, opId: op.id };
  return queued.some(isCreate) ? { state: 'queued' } : { state: 'sent' };
}

/** Threads from what was read: newest lead first, each thread oldest message first. */
export function buildThreads(src: ThreadSources, userId: string | null): LeadThread[] {
  const byLead = new Map<string, LeadMessageView[]>();
  for (const m of src.messages) {
    const view = {
      ...m,
      mine: m.sender_id === userId,
      delivery: deliveryOf(m.id, 'lead_messages', src.queued, src.parked),
    };
    byLead.set(m.lead_id, [...(byLead.get(m.lead_id) ?? []), view]);
  }
  const threads = src.leads.map((lead, i) => ({
    lead,
    listing: src.listings[i],
    dealer: src.dealers[i],
    messages: (byLead.get(lead.id) ?? []).sort((a, b) => (a.created_at ?? '').localeCompare(b.created_at ?? '')),
    delivery: deliveryOf(lead.id, 'leads', src.queued, src.parked),
  }));
  return threads.sort((a, b) => (b.lead.created_at ?? '').localeCompare(a.lead.created_at ?? ''));
}

/**
 * The queued and parked creates of leads and lead messages. Not async: the reads start at once, inside
 * the calling loader's live query (see the note at the top).
 */
function readThreadOps(db: MotorlyDb): Promise<Pick<ThreadSources, 'queued' | 'parked'>> {
  const opsOf = (table: 'leads' | 'lead_messages') => {
    const [lower, upper] = [
      [table, ''],
      [table, '\uffff'],
    ];
    return Promise.all([
      db.outbox.where('[table+row_id]').between(lower, upper).toArray(),
      db.needs_attention.where('[table+row_id]').between(lower, upper).toArray(),
    ]);
  };
  return Promise.all([opsOf('leads'), opsOf('lead_messages')]).then(
    ([[queuedLeads, parkedLeads], [queued, parked]]) => ({
      queued: [...queuedLeads, ...queued],
      parked: [...parkedLeads, ...parked],
    }),
  );
}

/** The signed-in shopper's own enquiries. */
export async function loadMyLeadThreads(db: MotorlyDb): Promise<LeadThread[]> {
  const userId = ((await db.sync_state.get(STATE_KEYS.user))?.value as string | null | undefined) ?? null;
  if (!userId) return [];
  const leads = await db.leads.where('user_id').equals(userId).toArray();
  const ids = leads.map((l) => l.id);
  const [listings, dealers, messages, ops] = await Promise.all([
    db.vehicle_listings.bulkGet(leads.map((l) => l.vehicle_listing_id)),
    db.dealers.bulkGet(leads.map((l) => l.dealer_id)),
    db.lead_messages.where('lead_id').anyOf(ids).toArray(),
    readThreadOps(db),
  ]);
  return buildThreads({ leads, listings, dealers, messages, ...ops }, userId);
}

export interface DealerHubData {
  membership: DealerMember;
  dealer: Dealer | undefined;
  /** Leads about the dealer's listings (the member's own enquiries elsewhere are not here). */
  threads: LeadThread[];
  listings: VehicleListing[];
}

/**
 * The hub of the signed-in user's dealer (the earliest membership when he has several), or null
 * when he is no member of any dealer.
 */
export async function loadDealerHub(db: MotorlyDb): Promise<DealerHubData | null> {
  const userId = ((await db.sync_state.get(STATE_KEYS.user))?.value as string | null | undefined) ?? null;
  if (!userId) return null;
  const memberships = await db.dealer_members.where('user_id').equals(userId).toArray();
  if (!memberships.length) return null;
  const membership = memberships.sort((a, b) => (a.created_at ?? '').localeCompare(b.created_at ?? ''))[0];
  const [dealer, leads, listings] = await Promise.all([
    db.dealers.get(membership.dealer_id),
    db.leads.where('dealer_id').equals(membership.dealer_id).toArray(),
    db.vehicle_listings.where('dealer_id').equals(membership.dealer_id).toArray(),
  ]);
  const [messages, ops] = await Promise.all([
    db.lead_messages
      .where('lead_id')
      .anyOf(leads.map((l) => l.id))
      .toArray(),
    readThreadOps(db),
  ]);
  const byId = new Map(listings.map((l) => [l.id, l]));
  const threads = buildThreads(
    {
      leads,
      listings: leads.map((l) => byId.get(l.vehicle_listing_id)),
      dealers: leads.map(() => dealer),
      messages,
      ...ops,
    },
    userId,
  );
  return { membership, dealer, threads, listings };
}
