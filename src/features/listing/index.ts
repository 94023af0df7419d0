// /marketplace/:listingId: one car for sale with gallery, price history, costs and finance.
export { ListingScreen, type ListingScreenProps } from './components/listing-screen';
