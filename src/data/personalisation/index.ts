// Recommendations, the preference profile writes and search interactions (the AI features).
export {
  useRecommendations,
  loadRecommendations,
  storeServerRecommendations,
  profileOf,
  RECOMMENDATIONS_SHOWN,
  type RecommendationCard,
  type RecommendationsView,
} from '../recommendations';
export {
  useSearchInteractionWrites,
  useSaveProfile,
  useRecommendationWrites,
  storeAppRecommendations,
} from '../hooks/use-ai-writes';
export {
  markRecommendationClicked,
  incrementRecommendationShown,
  recordSearchInteraction,
  type NewSearchInteraction,
  SEARCH_INTERACTION_DEFAULTS,
} from '../repositories/activity';
export {
  startSearchInteraction,
  recordSearchClick,
  finishSearchInteraction,
  type SearchShown,
} from '../repositories/search-interactions';
