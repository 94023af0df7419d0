import { useLiveQuery } from './use-live-query';
import { db } from '../db';
import type { Dealer, VehicleListing } from '../types';
import { loadDealerHub, loadMyLeadThreads, type DealerHubData, type LeadThread } from '../repositories/lead-threads';

/** The signed-in user's enquiries with threads and delivery states, live (undefined while loading). */
export function useMyLeads(): LeadThread[] | undefined {
  return useLiveQuery(() => loadMyLeadThreads(db), []);
}

/** One enquiry of the signed-in user, live (null once it is gone, e.g. discarded). */
export function useMyLead(leadId: string | null): LeadThread | null | undefined {
  // The loader is called straight from the querier (not awaited inside another async function), so
  // Dexie sees its reads (see repositories/lead-threads.ts).
  return useLiveQuery(
    () =>
      leadId
        ? loadMyLeadThreads(db).then((all) => all.find((t) => t.lead.id === leadId) ?? null)
        : Promise.resolve(null),
    [leadId],
  );
}

/** The signed-in user's dealer hub (null when he is no dealer member), live. */
export function useDealerHub(): DealerHubData | null | undefined {
  return useLiveQuery(() => loadDealerHub(db), []);
}

/** A listing and its dealer, live (null when the listing is not stored). */
export function useListingWithDealer(
  listingId: string,
): { listing: VehicleListing; dealer: Dealer | undefined } | null | undefined {
  return useLiveQuery(async () => {
    const listing = await db.vehicle_listings.get(listingId);
    if (!listing) return null;
    return { listing, dealer: await db.dealers.get(listing.dealer_id) };
  }, [listingId]);
}
