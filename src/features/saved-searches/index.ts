// Saved searches: save the marketplace's current filters, reopen them with "N new since you last
// looked", and manage them on /account.
export { SavedSearchesBar } from './components/saved-searches-bar';
export { SavedSearchesManager } from './components/saved-searches-manager';
export { newSinceLabel } from './new-count';
