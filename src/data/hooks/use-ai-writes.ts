// Write hooks of the AI features (search tracking, the questionnaire, recommendations): views get the
// repository calls bound to the store instead of importing `db`.
import { useMemo } from 'react';
import { db, type MotorlyDb } from '../db';
import { finishSearchInteraction, recordSearchClick, startSearchInteraction } from '../repositories/search-interactions';
import { saveProfile } from '../repositories/preferences';
import { incrementRecommendationShown, markRecommendationClicked } from '../repositories/activity';

type Tail<T extends unknown[]> = T extends [unknown, ...infer R] ? R : never;

/** A repository call with the app's store filled in as its first argument. */
function bound<F extends (store: MotorlyDb, ...args: never[]) => unknown>(fn: F) {
  return (...args: Tail<Parameters<F>>): ReturnType<F> => fn(db, ...(args as never[])) as ReturnType<F>;
}

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
  return useMemo(
    () => ({ shown: bound(incrementRecommendationShown), clicked: bound(markRecommendationClicked) }),
    [],
  );
}
