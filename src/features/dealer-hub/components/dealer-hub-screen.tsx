import { useDealerHub, type DealerHubData } from '@/data';
import { useCatalogueArriving } from '@/sync';
import { href } from '@/shared/lib/routes';
import { ChartIcon, LoadingBlock, PageHeader, SignInPage } from '@/shared/ui';
import { computeDealerStats } from '../dealer-stats';
import type { HubViewer } from '../viewer';
import { BecomeDealer } from './become-dealer';
import { LeadInbox } from './lead-inbox';
import { ListingManager } from './listing-manager';
import '../dealer-hub.css';

/** /dealer/dashboard: leads, listings and figures of the signed-in member's dealership, live. */
export function DealerHubScreen({ viewer }: { viewer: HubViewer }) {
  const hub = useDealerHub();
  if (viewer.status === 'loading' || (viewer.status === 'signed-in' && hub === undefined))
    return <LoadingBlock label="Loading the Dealer Hub…" />;
  if (viewer.status === 'signed-out')
    return (
      <SignInPage
        header={<PageHeader eyebrow="Dealers" title="Dealer Hub" />}
        icon={<ChartIcon size={26} />}
        title="Sign in to open the Dealer Hub"
        description="Dealers manage their listings and buyers' enquiries here."
        signInTo={href.auth({ redirect: href.dealerDashboard() })}
      />
    );
  if (!hub)
    return (
      <div className="container page">
        <PageHeader
          eyebrow="Dealers"
          title="Dealer Hub"
          intro="Manage your forecourt: listings, prices and the enquiries buyers send you."
        />
        <BecomeDealer />
      </div>
    );
  return <Hub hub={hub} />;
}

function Hub({ hub }: { hub: DealerHubData }) {
  // During the first catalogue download the dealer's cars may not be here yet: say so, not "0".
  const waiting = useCatalogueArriving() && hub.listings.length === 0;
  const leads = hub.threads.map((t) => t.lead);
  const stats = computeDealerStats(hub.listings, leads);
  const leadCounts = new Map<string, number>();
  for (const l of leads) leadCounts.set(l.vehicle_listing_id, (leadCounts.get(l.vehicle_listing_id) ?? 0) + 1);
  const name = hub.dealer?.name ?? 'Your dealership';
  return (
    <div className="container page">
      <PageHeader
        eyebrow="Dealer Hub"
        title={name}
        intro={`${hub.dealer ? `${hub.dealer.town}, ${hub.dealer.postcode} · ` : ''}${hub.membership.role === 'owner' ? 'Owner' : 'Team member'}`}
      />
      <dl className="hub-stats" aria-label="Figures">
        <Stat
          label="Listings on sale"
          value={waiting ? '…' : String(stats.onSale)}
          hint={waiting ? 'Your cars are still downloading' : `${stats.reserved} reserved · ${stats.sold} sold`}
        />
        <Stat
          label="Leads this week"
          value={String(stats.leadsThisWeek)}
          hint={`${stats.newLeads} new, awaiting a reply`}
        />
        <Stat
          label="Average days on sale"
          value={stats.averageDaysOnSale === null ? '–' : String(stats.averageDaysOnSale)}
          hint="Across the cars still on sale"
        />
      </dl>
      <div className="hub-grid">
        <LeadInbox threads={hub.threads} listingsArriving={waiting} />
        <ListingManager listings={hub.listings} leadCounts={leadCounts} arriving={waiting} />
      </div>
    </div>
  );
}

function Stat({ label, value, hint }: { label: string; value: string; hint: string }) {
  return (
    <div className="hub-stat">
      <dt>{label}</dt>
      <dd>
        <span className="hub-stat__value" data-testid={`stat-${label.toLowerCase().replace(/\s+/g, '-')}`}>
          {value}
        </span>
        <span className="hub-stat__hint">{hint}</span>
      </dd>
    </div>
  );
}
