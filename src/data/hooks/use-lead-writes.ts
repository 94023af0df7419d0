// Write hooks of enquiries and the Dealer Hub: the repository calls bound to the app's store.
import { useMemo } from 'react';
import { bound } from './bound';
import { createEnquiry, sendLeadMessage, setLeadStatus } from '../repositories/leads';
import { setListingStatus, updateListingPrice } from '../repositories/dealer-listings';

/** Send an enquiry, add to its thread, or (dealers) move its status. */
export function useLeadWrites() {
  return useMemo(
    () => ({
      createEnquiry: bound(createEnquiry),
      sendMessage: bound(sendLeadMessage),
      setStatus: bound(setLeadStatus),
    }),
    [],
  );
}

/** A dealer's edits to his own listings (price, reserved/sold). */
export function useDealerListingWrites() {
  return useMemo(() => ({ updatePrice: bound(updateListingPrice), setStatus: bound(setListingStatus) }), []);
}
