// Enquiries to dealers (SPEC §1 "buyer leads") and their message threads. The buyer creates a lead
// and writes in its thread; a member of the listing's dealer replies and moves the lead's status.
// Every write is a local row + outbox op (works offline); the server routes the lead to the listing's
// dealer and refuses a 6th enquiry within an hour (PT429), which parks the op in "needs attention".
import type { MotorlyDb } from '../db';
import { NotSignedInError, insertRowInTx, readWriteContext, updateRow, writeTables } from '../outbox';
import type { Lead, LeadMessage, LeadStatus } from '../types';

/** The statuses a dealer moves a lead through in the hub. */
export const HUB_LEAD_STATUSES = ['new', 'contacted', 'closed'] as const satisfies readonly LeadStatus[];
export type HubLeadStatus = (typeof HUB_LEAD_STATUSES)[number];

export interface EnquiryInput {
  listingId: string;
  /** The listing's dealer; the server sets it from the listing anyway. */
  dealerId: string;
  name: string;
  email: string;
  phone: string;
  message: string;
  partExchange: boolean;
  partExchangeRegistration: string;
  partExchangeMileage: number | null;
  financeInterest: boolean;
}

/** Stores an enquiry and queues it for the dealer (trimmed; part-exchange details only when asked). */
export async function createEnquiry(db: MotorlyDb, input: EnquiryInput): Promise<Lead> {
  return db.transaction('rw', writeTables(db, 'leads'), async () => {
    const ctx = await readWriteContext(db);
    return insertRowInTx(db, ctx, 'leads', {
      vehicle_listing_id: input.listingId,
      dealer_id: input.dealerId,
      name: input.name.trim(),
      email: input.email.trim(),
      phone: input.phone.trim(),
      message: input.message.trim(),
      status: 'new',
      part_exchange: input.partExchange,
      part_exchange_registration: input.partExchange ? input.partExchangeRegistration.trim().toUpperCase() : '',
      part_exchange_mileage: input.partExchange ? input.partExchangeMileage : null,
      finance_interest: input.financeInterest,
    });
  });
}

const messageTables = (db: MotorlyDb) => [db.leads, db.lead_messages, db.outbox, db.sync_state];

/** The server's cap on a message in a thread (lead_messages_body_max_2000_chars), as on an enquiry's. */
export const MESSAGE_MAX_CHARS = 2000;
export const MESSAGE_TOO_LONG = 'Your message must be at most 2,000 characters.';

/**
 * Adds a message to a lead's thread as the signed-in user. When a member of the dealer replies to a
 * lead that is still 'new', the lead becomes 'contacted' in the same transaction.
 */
export async function sendLeadMessage(db: MotorlyDb, leadId: string, body: string): Promise<LeadMessage> {
  const text = body.trim();
  if (!text) throw new Error('Write a message first.');
  if (text.length > MESSAGE_MAX_CHARS) throw new Error(MESSAGE_TOO_LONG);
  return db.transaction('rw', messageTables(db), async () => {
    const [ctx, lead] = await Promise.all([readWriteContext(db), db.leads.get(leadId)]);
    if (!ctx.userId) throw new NotSignedInError();
    if (!lead) throw new Error('This enquiry is no longer available.');
    const message = await insertRowInTx(
      db,
      ctx,
      'lead_messages',
      { lead_id: leadId, sender_id: ctx.userId, body: text } as Omit<LeadMessage, 'id'>,
      { ownedByUser: false },
    );
    if (lead.user_id !== ctx.userId && lead.status === 'new')
      await updateRow(db, 'leads', leadId, { status: 'contacted' });
    return message;
  });
}

/** A dealer member moves a lead to new, contacted or closed. */
export async function setLeadStatus(db: MotorlyDb, leadId: string, status: HubLeadStatus): Promise<void> {
  await updateRow(db, 'leads', leadId, { status });
}
