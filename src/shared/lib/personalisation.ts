// Whether Motorly may personalise for this person: record search activity and use it, with
// bookmarks and questionnaire answers, for recommendations. On by default, switchable in
// /privacy-settings; kept on this device (localStorage 'motorly.personalisation').
import { create } from 'zustand';
import { createJSONStorage, persist, type StateStorage } from 'zustand/middleware';

/** localStorage where there is one; workers and Node get a store that keeps nothing. */
const browserStorage = (): StateStorage =>
  typeof localStorage === 'undefined'
    ? { getItem: () => null, setItem: () => undefined, removeItem: () => undefined }
    : localStorage;

export const PERSONALISATION_STORAGE_KEY = 'motorly.personalisation';

interface PersonalisationState {
  enabled: boolean;
  setEnabled: (enabled: boolean) => void;
}

export const usePersonalisationStore = create<PersonalisationState>()(
  persist(
    (set) => ({
      enabled: true,
      setEnabled: (enabled) => set({ enabled }),
    }),
    {
      name: PERSONALISATION_STORAGE_KEY,
      version: 1,
      storage: createJSONStorage(browserStorage),
      partialize: (s) => ({ enabled: s.enabled }),
    },
  ),
);

/** For non-React code (repositories, the recommender): read at the moment of use. */
export function isPersonalisationEnabled(): boolean {
  try {
    return usePersonalisationStore.getState().enabled;
  } catch {
    return true;
  }
}
