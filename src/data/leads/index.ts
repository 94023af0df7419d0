// Enquiries, lead threads and dealer listings: repositories and the buyer and dealer hub hooks.
export { useMyLeads, useMyLead, useDealerHub, useListingWithDealer } from '../hooks/use-leads';
export { useIsDealerMember, isDealerMember } from '../hooks/use-dealer-membership';
export { useLeadWrites, useDealerListingWrites } from '../hooks/use-lead-writes';
export {
  createEnquiry,
  sendLeadMessage,
  setLeadStatus,
  HUB_LEAD_STATUSES,
  type HubLeadStatus,
  type EnquiryInput,
  MESSAGE_MAX_CHARS,
  MESSAGE_TOO_LONG,
} from '../repositories/leads';
export {
  buildThreads,
  loadMyLeadThreads,
  loadDealerHub,
  type Delivery,
  type LeadMessageView,
  type LeadThread,
  type ThreadSources,
  type DealerHubData,
} from '../repositories/lead-threads';
export {
  listingPriceError,
  priceNeedsConfirmation,
  updateListingPrice,
  setListingStatus,
  MIN_LISTING_PRICE,
  MAX_LISTING_PRICE,
  CONFIRM_BELOW_PRICE,
  CONFIRM_CUT_PERCENT,
} from '../repositories/dealer-listings';
