// /marketplace/:listingId: one car for sale with gallery, price history, costs and finance.
export { ListingScreen, type ListingScreenProps } from './components/listing-screen';
// The route counts the view (the dealer's stock figures), beside the screen rather than inside it.
export { useRecordListingView } from './hooks/use-record-listing-view';
