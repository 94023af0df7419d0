// Write hooks of the AI features (search tracking, the questionnaire, recommendations): views get the
// repository calls bound to the store instead of importing `db`.
import { useMemo } from 'react';
import { bound } from './bound';
import {
  finishSearchInteraction,
  recordSearchClick,
  startSearchInteraction,
} from '../repositories/search-interactions';
import { saveProfile } from '../repositories/preferences';
import { incrementRecommendationShown, markRecommendationClicked } from '../repositories/activity';
import { storeServerRecommendations } from '../recommendations';

/** The recommendations service's rows into the app's store (for the feature's API client, which has no `db`). */
export const storeAppRecommendations = bound(storeServerRecommendations);

/** Records a search, its clicks and the time spent (search_interactions through the outbox). */
export function useSearchInteractionWrites() {
  return useMemo(
    () => ({
      start: bound(startSearchInteraction),
      finish: bound(finishSearchInteraction),
      click: bound(recordSearchClick),
    }),
    [],
  );
}

/** Saves (creates or merges) the signed-in user's preference profile. */
export function useSaveProfile() {
  return useMemo(() => bound(saveProfile), []);
}

/** Marks a recommendation clicked or counts it as shown. */
export function useRecommendationWrites() {
  return useMemo(() => ({ shown: bound(incrementRecommendationShown), clicked: bound(markRecommendationClicked) }), []);
}
