// Read side of enquiries, shared by /my-leads and the Dealer Hub: a lead with its listing, dealer,
// message thread and delivery state (still queued, refused by the server, or sent). Plain async reads
// so live queries (hooks/use-leads.ts) and tests use the same code.
import type { MotorlyDb } from '../db';
import { getSessionUserId } from '../sync-state';
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

function deliveryOf(rowId: string, queued: Set<string>, parked: Map<string, ParkedOp>): Delivery {
  const op = parked.get(rowId);
  if (op) return { state: 'failed', message: op.last_error ?? FAILED_FALLBACK, opId: op.id };
  return queued.has(rowId) ? { state: 'queued' } : { state: 'sent' };
}

async function pendingOps(db: MotorlyDb, table: 'leads' | 'lead_messages') {
  const range = <T extends OutboxOp>(t: { where(i: string): { between(a: unknown, b: unknown): { toArray(): Promise<T[]> } } }) =>
    t.where('[table+row_id]').between([table, ''], [table, '\uffff']).toArray();
  const [queued, parked] = await Promise.all([range<OutboxOp>(db.outbox), range<ParkedOp>(db.needs_attention)]);
  return {
    queued: new Set(queued.filter((o) => o.type === 'create').map((o) => o.row_id)),
    parked: new Map(parked.filter((o) => o.type === 'create').map((o) => [o.row_id, o])),
  };
}

/** Threads for the given leads, newest lead first, each thread oldest message first. */
export async function loadLeadThreads(db: MotorlyDb, leads: Lead[], userId: string | null): Promise<LeadThread[]> {
  const ids = leads.map((l) => l.id);
  const [listings, dealers, messages, leadOps, messageOps] = await Promise.all([
    db.vehicle_listings.bulkGet(leads.map((l) => l.vehicle_listing_id)),
    db.dealers.bulkGet(leads.map((l) => l.dealer_id)),
    ids.length ? db.lead_messages.where('lead_id').anyOf(ids).toArray() : Promise.resolve([]),
    pendingOps(db, 'leads'),
    pendingOps(db, 'lead_messages'),
  ]);
  const byLead = new Map<string, LeadMessageView[]>();
  for (const m of messages) {
    const view = { ...m, mine: m.sender_id === userId, delivery: deliveryOf(m.id, messageOps.queued, messageOps.parked) };
    byLead.set(m.lead_id, [...(byLead.get(m.lead_id) ?? []), view]);
  }
  const threads = leads.map((lead, i) => ({
    lead,
    listing: listings[i],
    dealer: dealers[i],
    messages: (byLead.get(lead.id) ?? []).sort((a, b) => (a.created_at ?? '').localeCompare(b.created_at ?? '')),
    delivery: deliveryOf(lead.id, leadOps.queued, leadOps.parked),
  }));
  return threads.sort((a, b) => (b.lead.created_at ?? '').localeCompare(a.lead.created_at ?? ''));
}

/** The signed-in shopper's own enquiries. */
export async function loadMyLeadThreads(db: MotorlyDb): Promise<LeadThread[]> {
  const userId = await getSessionUserId(db);
  if (!userId) return [];
  return loadLeadThreads(db, await db.leads.where('user_id').equals(userId).toArray(), userId);
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
  const userId = await getSessionUserId(db);
  if (!userId) return null;
  const memberships = await db.dealer_members.where('user_id').equals(userId).toArray();
  if (!memberships.length) return null;
  const membership = memberships.sort((a, b) => (a.created_at ?? '').localeCompare(b.created_at ?? ''))[0];
  const [dealer, leads, listings] = await Promise.all([
    db.dealers.get(membership.dealer_id),
    db.leads.where('dealer_id').equals(membership.dealer_id).toArray(),
    db.vehicle_listings.where('dealer_id').equals(membership.dealer_id).toArray(),
  ]);
  return { membership, dealer, threads: await loadLeadThreads(db, leads, userId), listings };
}
