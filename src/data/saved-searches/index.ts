// Saved searches: the repository, the live-query hooks, the write hook and the filter's matcher.
export { savedSearchFiltersFromQuery, savedSearchMatcher } from '../catalogue/filters';
export { useSavedSearches, loadSavedSearches, type SavedSearchView } from '../hooks/use-saved-searches';
export { savedSearchWrites } from '../writers';
export {
  validateSavedSearchName,
  createSavedSearch,
  renameSavedSearch,
  deleteSavedSearch,
  markSavedSearchViewed,
  SAVED_SEARCH_NAME_MAX,
  SAVED_SEARCHES_MAX,
  SAVED_SEARCH_MESSAGES,
  SavedSearchError,
} from '../repositories/saved-searches';
