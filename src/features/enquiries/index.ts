// Enquiries: the contact-dealer form on a listing and /my-leads.
export { ContactDealer } from './components/contact-dealer';
export { MyLeadsScreen } from './components/my-leads-screen';
