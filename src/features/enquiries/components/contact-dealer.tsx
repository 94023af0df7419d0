import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { useLeadWrites, useListingWithDealer, useMyLead, useMyLeads, type LeadThread } from '@/data/leads';
import { formatDateShort } from '@/shared/lib/format';
import { href } from '@/shared/lib/routes';
import { Button, ButtonLink, Dialog, MailIcon, toast } from '@/shared/ui';
import { getPartExchange } from '@/domain/part-exchange';
import { useOnline } from '../hooks/use-online';
import { initialEnquiryForm } from '../initial-form';
import { parseMileage, type EnquiryForm as Form } from '../validation';
import type { Viewer } from '@/shared/lib/viewer';
import { DeliveryNote } from './delivery-note';
import { EnquiryForm } from './enquiry-form';
import '../enquiries.css';

/** ?contact=1 on the listing URL opens the form (used to come back after signing in). */
const CONTACT_PARAM = 'contact';

export interface ContactDealerProps {
  listingId: string;
  viewer: Viewer;
}

/** 'Contact dealer' on a listing: the enquiry form, or a sign-in that brings the shopper back here. */
export function ContactDealer({ listingId, viewer }: ContactDealerProps) {
  const item = useListingWithDealer(listingId);
  const threads = useMyLeads();
  const location = useLocation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const [open, setOpen] = useState(false);
  const wantsForm = params.get(CONTACT_PARAM) === '1';

  useEffect(() => {
    if (!wantsForm || viewer.status !== 'signed-in') return;
    setOpen(true);
    const next = new URLSearchParams(params);
    next.delete(CONTACT_PARAM);
    setParams(next, { replace: true });
  }, [wantsForm, viewer.status, params, setParams]);

  if (!item) return null;
  const { listing, dealer } = item;
  const earlier = threads?.filter((t) => t.lead.vehicle_listing_id === listingId) ?? [];

  if (listing.status === 'sold')
    return <p className="enq-note">This car has been sold, so the dealer is no longer taking enquiries about it.</p>;

  const signIn = () => navigate(href.auth({ redirect: `${location.pathname}?${CONTACT_PARAM}=1` }));
  return (
    <div className="enq-action">
      {viewer.status === 'signed-out' ? (
        <>
          <Button variant="primary" block icon={<MailIcon size={18} />} onClick={signIn}>
            Contact dealer
          </Button>
          <p className="enq-note">Sign in to send the dealer an enquiry; you will come back to this car.</p>
        </>
      ) : (
        <Button
          variant="primary"
          block
          icon={<MailIcon size={18} />}
          disabled={viewer.status === 'loading'}
          onClick={() => setOpen(true)}
        >
          Contact dealer
        </Button>
      )}
      {earlier.length > 0 && <EarlierEnquiry thread={earlier[0]} />}
      {viewer.status === 'signed-in' && open && (
        <ContactDialog
          viewer={viewer}
          listing={{ id: listing.id, title: listing.title, dealerId: listing.dealer_id }}
          dealerName={dealer?.name ?? 'the dealer'}
          onClose={() => setOpen(false)}
        />
      )}
    </div>
  );
}

function EarlierEnquiry({ thread }: { thread: LeadThread }) {
  return (
    <p className="enq-note" data-testid="earlier-enquiry">
      You enquired about this car on {formatDateShort(thread.lead.created_at ?? new Date())}.{' '}
      <Link to={href.myLeads()}>See it in My leads</Link>
    </p>
  );
}

interface ContactDialogProps {
  viewer: Extract<Viewer, { status: 'signed-in' }>;
  listing: { id: string; title: string; dealerId: string };
  dealerName: string;
  onClose: () => void;
}

function ContactDialog({ viewer, listing, dealerName, onClose }: ContactDialogProps) {
  const writes = useLeadWrites();
  const [leadId, setLeadId] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  // Read once when the dialog opens: a change on another tab must not rewrite what is being typed.
  const [initial] = useState<Form>(() =>
    initialEnquiryForm({
      name: viewer.name,
      email: viewer.email,
      listingTitle: listing.title,
      partExchange: getPartExchange(),
    }),
  );
  const submit = async (form: Form) => {
    setSubmitting(true);
    try {
      const lead = await writes.createEnquiry({
        listingId: listing.id,
        dealerId: listing.dealerId,
        name: form.name,
        email: form.email,
        phone: form.phone,
        message: form.message,
        partExchange: form.partExchange,
        partExchangeRegistration: form.partExchangeRegistration,
        partExchangeMileage: form.partExchange ? parseMileage(form.partExchangeMileage) : null,
        financeInterest: form.financeInterest,
      });
      setLeadId(lead.id);
    } catch {
      toast({
        title: 'Error',
        description: 'Your enquiry could not be saved on this device. Please try again.',
        variant: 'destructive',
      });
    } finally {
      setSubmitting(false);
    }
  };
  return (
    <Dialog
      open
      onOpenChange={(o) => !o && onClose()}
      title={`Contact ${dealerName}`}
      description={`About the ${listing.title}`}
      className="enq-dialog"
    >
      {leadId ? (
        <EnquiryStatus leadId={leadId} dealerName={dealerName} onClose={onClose} />
      ) : (
        <EnquiryForm initial={initial} submitting={submitting} onSubmit={(f) => void submit(f)} onCancel={onClose} />
      )}
    </Dialog>
  );
}

/** After sending: follows the enquiry live until the server took it, or says why it did not. */
function EnquiryStatus({ leadId, dealerName, onClose }: { leadId: string; dealerName: string; onClose: () => void }) {
  const thread = useMyLead(leadId);
  const online = useOnline();
  if (thread === undefined) return null;
  if (thread === null) return <p className="enq-note">This enquiry was discarded.</p>;
  const { delivery } = thread;
  return (
    <div className="enq-status" data-testid="enquiry-status">
      {delivery.state === 'sent' ? (
        <p className="enq-delivery enq-delivery--sent" role="status" data-testid="delivery-sent">
          Sent to {dealerName}. Their reply will appear in My leads.
        </p>
      ) : (
        <DeliveryNote delivery={delivery} online={online} />
      )}
      {delivery.state === 'failed' && (
        <p className="enq-note">
          Your enquiry is kept in My leads and in the sync list under Needs attention, where you can retry it later.
        </p>
      )}
      <div className="enq-form__actions">
        <ButtonLink to={href.myLeads()} variant="secondary">
          Go to My leads
        </ButtonLink>
        <Button variant="primary" onClick={onClose}>
          Done
        </Button>
      </div>
    </div>
  );
}
