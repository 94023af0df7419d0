import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { HUB_LEAD_STATUSES, MESSAGE_MAX_CHARS, useLeadWrites, type HubLeadStatus, type LeadThread } from '@/data/leads';
import { mailtoHref, telHref } from '@/shared/lib/contact-links';
import { formatGBP } from '@/shared/lib/format';
import { href } from '@/shared/lib/routes';
import { useRevealTarget } from '@/shared/lib/use-reveal-target';
import { Badge, Button, EmptyState, MailIcon, Select } from '@/shared/ui';
import { MessageThread, ReplyBox, type ThreadMessage } from '@/shared/ui/message-thread';

const STATUS_LABELS: Record<string, string> = {
  new: 'New',
  contacted: 'Contacted',
  closed: 'Closed',
  viewing_booked: 'Viewing booked',
  lost: 'Lost',
};
const STATUS_OPTIONS = HUB_LEAD_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] }));

const when = (iso: string | undefined) =>
  iso
    ? new Date(iso).toLocaleString('en-GB', { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' })
    : 'Just now';

/** Incoming leads, filtered by status, each with its thread, a reply box and a status switch. */
export interface LeadInboxProps {
  threads: LeadThread[];
  /** The first catalogue download is still bringing the dealer's cars in. */
  listingsArriving?: boolean;
}

export function LeadInbox({ threads, listingsArriving = false }: LeadInboxProps) {
  const [filter, setFilter] = useState<HubLeadStatus | 'all'>('all');
  // A lead notification opens /dealer/dashboard?lead=<id>: that lead is scrolled to and focused.
  const target = useSearchParams()[0].get('lead');
  useRevealTarget(target ? `hub-lead-card-${target}` : null);
  const count = (s: HubLeadStatus) => threads.filter((t) => t.lead.status === s).length;
  const shown = filter === 'all' ? threads : threads.filter((t) => t.lead.status === filter);
  return (
    <section className="hub-section" aria-labelledby="hub-leads-h">
      <div className="hub-section__head">
        <h2 id="hub-leads-h">Leads</h2>
        <div className="hub-filters" role="group" aria-label="Show leads">
          <Button
            size="sm"
            variant={filter === 'all' ? 'secondary' : 'ghost'}
            aria-pressed={filter === 'all'}
            onClick={() => setFilter('all')}
          >
            All ({threads.length})
          </Button>
          {HUB_LEAD_STATUSES.map((s) => (
            <Button
              key={s}
              size="sm"
              variant={filter === s ? 'secondary' : 'ghost'}
              aria-pressed={filter === s}
              onClick={() => setFilter(s)}
            >
              {STATUS_LABELS[s]} ({count(s)})
            </Button>
          ))}
        </div>
      </div>
      {shown.length === 0 ? (
        <EmptyState
          icon={<MailIcon size={26} />}
          headingLevel="h3"
          title={threads.length ? 'No leads with this status' : 'No leads yet'}
          description={
            threads.length
              ? 'Choose another status above.'
              : 'Enquiries buyers send about your cars arrive here as they are sent.'
          }
        />
      ) : (
        <ul className="list-plain hub-list">
          {shown.map((t) => (
            <li key={t.lead.id}>
              <LeadItem thread={t} listingArriving={listingsArriving} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function LeadItem({ thread, listingArriving }: { thread: LeadThread; listingArriving: boolean }) {
  const writes = useLeadWrites();
  const { lead, listing } = thread;
  const messages: ThreadMessage[] = [
    { id: lead.id, body: lead.message || '(No message)', meta: `${lead.name} · ${when(lead.created_at)}`, mine: false },
    ...thread.messages.map((m) => ({
      id: m.id,
      body: m.body,
      meta: `${m.mine ? 'You' : m.sender_id === lead.user_id ? lead.name : 'Your team'} · ${when(m.created_at)}`,
      mine: m.sender_id !== lead.user_id,
      note:
        m.delivery.state === 'sent' ? undefined : (
          <p className="hub-pending">
            {m.delivery.state === 'queued'
              ? 'Queued: it will be sent when you are back online.'
              : `Not sent: ${m.delivery.message}`}
          </p>
        ),
    })),
  ];
  const extras = [
    lead.part_exchange &&
      `Part exchange: ${lead.part_exchange_registration}${lead.part_exchange_mileage !== null ? `, ${lead.part_exchange_mileage.toLocaleString('en-GB')} miles` : ''}`,
    lead.finance_interest && 'Wants a finance quote',
  ].filter((x): x is string => Boolean(x));
  return (
    <article
      id={`hub-lead-card-${lead.id}`}
      className="hub-card"
      data-testid="hub-lead"
      aria-labelledby={`hub-lead-${lead.id}`}
    >
      <header className="hub-card__head">
        <div className="hub-card__who">
          <h3 id={`hub-lead-${lead.id}`}>{lead.name}</h3>
          {/* A deleted buyer's lead keeps no contact details (issue 33). */}
          <p className="hub-muted" hidden={!lead.email && !lead.phone}>
            <ContactLink href={mailtoHref(lead.email)} text={lead.email} />
            {lead.phone && (
              <>
                {' · '}
                <ContactLink href={telHref(lead.phone)} text={lead.phone} />
              </>
            )}
          </p>
          <p className="hub-muted">
            About{' '}
            {listing ? (
              <Link to={href.listing(listing.id)}>{listing.title}</Link>
            ) : listingArriving ? (
              'a car still downloading'
            ) : (
              'a listing no longer stored'
            )}
            {listing ? ` (${formatGBP(listing.price)})` : ''}
          </p>
        </div>
        <div className="hub-card__status">
          <Badge
            variant={lead.status === 'new' ? 'primary' : lead.status === 'closed' ? 'neutral' : 'success'}
            data-testid="hub-lead-status"
          >
            {STATUS_LABELS[lead.status]}
          </Badge>
          <label className="sr-only" htmlFor={`status-${lead.id}`}>
            Status of the lead from {lead.name}
          </label>
          <Select
            id={`status-${lead.id}`}
            className="hub-status-select"
            options={STATUS_OPTIONS}
            value={(HUB_LEAD_STATUSES as readonly string[]).includes(lead.status) ? lead.status : ''}
            placeholder={
              (HUB_LEAD_STATUSES as readonly string[]).includes(lead.status) ? undefined : STATUS_LABELS[lead.status]
            }
            onChange={(e) => void writes.setStatus(lead.id, e.target.value as HubLeadStatus)}
          />
        </div>
      </header>
      {extras.length > 0 && (
        <ul className="list-plain hub-tags">
          {extras.map((x) => (
            <li key={x}>{x}</li>
          ))}
        </ul>
      )}
      <MessageThread messages={messages} label={`Conversation with ${lead.name}`} />
      <ReplyBox
        label={`Reply to ${lead.name}`}
        maxLength={MESSAGE_MAX_CHARS}
        onSend={async (body) => void (await writes.sendMessage(lead.id, body))}
      />
    </article>
  );
}

/** A contact detail as a link, or as plain text when it cannot be linked safely. */
function ContactLink({ href: link, text }: { href: string | null; text: string }) {
  return link ? <a href={link}>{text}</a> : <span>{text}</span>;
}
