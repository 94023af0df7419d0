import { useMemo, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useDealerHub, type DealerHubData } from '@/data/leads';
import { useCatalogueArriving } from '@/sync';
import { href } from '@/shared/lib/routes';
import { ChartIcon, LoadingBlock, PageHeader, SignInPage } from '@/shared/ui';
import { computeDealerStats, formatResponseTime, medianResponseMinutes } from '../dealer-stats';
import { useListingPerformance } from '../hooks/use-listing-performance';
import { useWideHub } from '../hooks/use-wide-hub';
import type { Viewer } from '@/shared/lib/viewer';
import { BecomeDealer } from './become-dealer';
import { LeadInbox } from './lead-inbox';
import { ListingManager } from './listing-manager';
import { PhotoUploadState } from '../photos/photo-upload-state';
import '../dealer-hub.css';

/** /dealer/dashboard: stock, leads and figures of the signed-in member's dealership, live. */
export function DealerHubScreen({ viewer }: { viewer: Viewer }) {
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

type Tab = 'stock' | 'leads';

function Hub({ hub }: { hub: DealerHubData }) {
  // During the first catalogue download the dealer's cars may not be here yet: say so, not "0".
  const waiting = useCatalogueArriving() && hub.listings.length === 0;
  const performance = useListingPerformance(hub.membership.dealer_id);
  const wide = useWideHub();
  // A lead notification links to ?lead=: open on the leads, where that lead is shown and focused.
  const [params] = useSearchParams();
  const [tab, setTab] = useState<Tab>(params.has('lead') ? 'leads' : 'stock');
  const leads = useMemo(() => hub.threads.map((t) => t.lead), [hub.threads]);
  const stats = computeDealerStats(hub.listings, leads);
  const response = medianResponseMinutes(hub.threads);
  const leadCounts = useMemo(() => {
    const counts = new Map<string, number>();
    for (const l of leads) counts.set(l.vehicle_listing_id, (counts.get(l.vehicle_listing_id) ?? 0) + 1);
    return counts;
  }, [leads]);
  const name = hub.dealer?.name ?? 'Your dealership';
  const stock = (
    <ListingManager
      listings={hub.listings}
      leadCounts={leadCounts}
      performance={performance}
      arriving={waiting}
      renderPhotos={(id) => <PhotoUploadState listingId={id} />}
    />
  );
  const inbox = <LeadInbox threads={hub.threads} listingsArriving={waiting} />;
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
          label="Median reply time"
          value={response === null ? '–' : formatResponseTime(response)}
          hint={response === null ? 'No replies to this week’s leads yet' : 'To this week’s leads'}
        />
        <Stat
          label="Average days on sale"
          value={stats.averageDaysOnSale === null ? '–' : String(stats.averageDaysOnSale)}
          hint="Across the cars still on sale"
        />
      </dl>
      {wide ? (
        <div className="hub-grid">
          {stock}
          {inbox}
        </div>
      ) : (
        <Tabs
          tab={tab}
          onTab={setTab}
          stockCount={hub.listings.length}
          newLeads={stats.newLeads}
          panels={{ stock, leads: inbox }}
        />
      )}
    </div>
  );
}

/** Tablet and phone: stock first, leads one tap away (arrow keys move between the two tabs). */
function Tabs(props: {
  tab: Tab;
  onTab: (t: Tab) => void;
  stockCount: number;
  newLeads: number;
  panels: Record<Tab, ReactNode>;
}) {
  const { tab, onTab, stockCount, newLeads, panels } = props;
  const labels: Record<Tab, string> = {
    stock: `Stock (${stockCount})`,
    leads: newLeads ? `Leads (${newLeads} new)` : 'Leads',
  };
  const order: Tab[] = ['stock', 'leads'];
  const move = (key: string) => {
    if (key !== 'ArrowLeft' && key !== 'ArrowRight') return;
    const next = order[(order.indexOf(tab) + 1) % 2];
    onTab(next);
    document.getElementById(`hub-tab-${next}`)?.focus();
  };
  return (
    <>
      <div className="hub-tabs" role="tablist" aria-label="Dealer Hub sections" onKeyDown={(e) => move(e.key)}>
        {order.map((t) => (
          <button
            key={t}
            type="button"
            role="tab"
            id={`hub-tab-${t}`}
            className="hub-tab"
            aria-selected={tab === t}
            aria-controls={`hub-panel-${t}`}
            tabIndex={tab === t ? 0 : -1}
            onClick={() => onTab(t)}
          >
            {labels[t]}
          </button>
        ))}
      </div>
      {order.map((t) => (
        <div key={t} role="tabpanel" id={`hub-panel-${t}`} aria-labelledby={`hub-tab-${t}`} hidden={tab !== t}>
          {tab === t && panels[t]}
        </div>
      ))}
    </>
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
