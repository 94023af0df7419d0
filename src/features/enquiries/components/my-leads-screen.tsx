import { Link, useSearchParams } from 'react-router-dom';
import { MESSAGE_MAX_CHARS, useLeadWrites, useMyLeads, type LeadThread } from '@/data/leads';
import { useParkedOpActions } from '@/data/sync-queue';
import { sendSyncCommand } from '@/sync';
import { formatGBP } from '@/shared/lib/format';
import { href } from '@/shared/lib/routes';
import { useRevealTarget } from '@/shared/lib/use-reveal-target';
import { Badge, Button, ButtonLink, EmptyState, LoadingBlock, MailIcon, PageHeader, SignInPage } from '@/shared/ui';
import { MessageThread, ReplyBox, type ThreadMessage } from '@/shared/ui/message-thread';
import { useOnline } from '../hooks/use-online';
import { LEAD_STATUS_BADGES, LEAD_STATUS_LABELS, formatWhen } from '../lead-labels';
import type { Viewer } from '@/shared/lib/viewer';
import { DeliveryNote } from './delivery-note';
import '../enquiries.css';

/** /my-leads: the shopper's enquiries, their status and the dealers' replies, live. */
export function MyLeadsScreen({ viewer }: { viewer: Viewer }) {
  const threads = useMyLeads();
  // A reply notification opens /my-leads?lead=<id>: that enquiry is scrolled to and focused.
  const target = useSearchParams()[0].get('lead');
  useRevealTarget(target ? enquiryElementId(target) : null);
  const header = (
    <PageHeader
      eyebrow="Enquiries"
      title="My leads"
      intro="The enquiries you have sent to dealers, and their replies."
    />
  );
  if (viewer.status === 'loading' || (viewer.status === 'signed-in' && threads === undefined))
    return (
      <div className="container page">
        {header}
        <LoadingBlock />
      </div>
    );
  if (viewer.status === 'signed-out')
    return (
      <SignInPage
        header={header}
        icon={<MailIcon size={26} />}
        title="Sign in to see your enquiries"
        description="Your enquiries to dealers and their replies are kept with your account."
        signInTo={href.auth({ redirect: href.myLeads() })}
      />
    );
  return (
    <div className="container page">
      {header}
      {threads!.length === 0 ? (
        <EmptyState
          icon={<MailIcon size={26} />}
          title="No enquiries yet"
          description="When you contact a dealer about a car, the conversation will be kept here."
          actions={
            <ButtonLink variant="primary" to={href.marketplace()}>
              Browse the marketplace
            </ButtonLink>
          }
        />
      ) : (
        <ul className="list-plain stack enq-list" aria-label="Your enquiries">
          {threads!.map((t) => (
            <li key={t.lead.id}>
              <LeadCard thread={t} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

const kickSync = () => sendSyncCommand({ type: 'kick' });
const enquiryElementId = (leadId: string) => `enquiry-${leadId}`;

function LeadCard({ thread }: { thread: LeadThread }) {
  const writes = useLeadWrites();
  const parked = useParkedOpActions(kickSync);
  const online = useOnline();
  const { lead, listing, dealer, delivery } = thread;
  const dealerName = dealer?.name ?? 'The dealer';
  const messages: ThreadMessage[] = [
    { id: lead.id, body: lead.message, meta: `You · ${formatWhen(lead.created_at)}`, mine: true },
    ...thread.messages.map((m) => ({
      id: m.id,
      body: m.body,
      meta: `${m.mine ? 'You' : dealerName} · ${formatWhen(m.created_at)}`,
      mine: m.mine,
      note: <DeliveryNote delivery={m.delivery} online={online} what="reply" />,
    })),
  ];
  return (
    <article
      id={enquiryElementId(lead.id)}
      className="enq-card"
      data-testid="lead-card"
      aria-labelledby={`lead-${lead.id}`}
    >
      <header className="enq-card__head">
        <div>
          <h2 id={`lead-${lead.id}`} className="enq-card__title">
            {listing ? <Link to={href.listing(listing.id)}>{listing.title}</Link> : 'A car no longer listed'}
          </h2>
          <p className="enq-card__sub">
            {dealerName}
            {dealer ? `, ${dealer.town}` : ''}
            {listing ? ` · ${formatGBP(listing.price)}` : ''} · sent {formatWhen(lead.created_at)}
          </p>
        </div>
        <Badge variant={LEAD_STATUS_BADGES[lead.status]} data-testid="lead-status">
          {LEAD_STATUS_LABELS[lead.status]}
        </Badge>
      </header>
      <DeliveryNote delivery={delivery} online={online} />
      {delivery.state === 'failed' && (
        <div className="enq-card__fix">
          <Button size="sm" variant="secondary" onClick={() => void parked.retry(delivery.opId)}>
            Retry sending
          </Button>
          <Button size="sm" variant="ghost" onClick={() => void parked.discard(delivery.opId)}>
            Discard
          </Button>
        </div>
      )}
      <EnquiryExtras thread={thread} />
      <MessageThread messages={messages} label={`Conversation with ${dealerName}`} />
      <ReplyBox
        label={`Reply to ${dealerName}`}
        disabled={delivery.state === 'failed'}
        disabledReason="Send the enquiry first; then you can add to it."
        maxLength={MESSAGE_MAX_CHARS}
        onSend={async (body) => {
          await writes.sendMessage(lead.id, body);
        }}
      />
    </article>
  );
}

function EnquiryExtras({ thread: { lead } }: { thread: LeadThread }) {
  const items = [
    lead.part_exchange &&
      `Part exchange: ${lead.part_exchange_registration}${lead.part_exchange_mileage !== null ? `, ${lead.part_exchange_mileage.toLocaleString('en-GB')} miles` : ''}`,
    lead.finance_interest && 'Finance quote wanted',
    lead.phone && `Phone: ${lead.phone}`,
  ].filter((x): x is string => Boolean(x));
  if (!items.length) return null;
  return (
    <ul className="list-plain enq-extras">
      {items.map((x) => (
        <li key={x}>{x}</li>
      ))}
    </ul>
  );
}
