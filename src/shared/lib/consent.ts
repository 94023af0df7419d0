// Cookie consent (SPEC §3 "Cookie consent", §5 "Necessary cookies cannot be disabled"): necessary is
// always true; analytics, marketing and functional are the user's choice, stamped with the date it
// was made. null until a choice is stored (the cookie banner shows until then). Persisted in
// localStorage under 'motorly.consent' so beacons and the banner can read it before anything loads.
import { create } from 'zustand';
import { createJSONStorage, persist, type StateStorage } from 'zustand/middleware';

/** localStorage where there is one; workers and Node get a store that keeps nothing. */
const browserStorage = (): StateStorage =>
  typeof localStorage === 'undefined'
    ? { getItem: () => null, setItem: () => undefined, removeItem: () => undefined }
    : localStorage;

export const CONSENT_STORAGE_KEY = 'motorly.consent';

export type ConsentCategory = 'necessary' | 'analytics' | 'marketing' | 'functional';
export type OptionalCategory = Exclude<ConsentCategory, 'necessary'>;

export interface CookieConsent {
  necessary: true;
  analytics: boolean;
  marketing: boolean;
  functional: boolean;
  /** ISO date-time the choice was made. */
  consentDate: string;
}

export type ConsentChoices = Record<OptionalCategory, boolean>;

interface ConsentState {
  consent: CookieConsent | null;
  /** Stores a choice; necessary stays true whatever is passed. */
  saveConsent: (choices: ConsentChoices, now?: Date) => CookieConsent;
  clearConsent: () => void;
}

export function makeConsent(choices: ConsentChoices, now: Date = new Date()): CookieConsent {
  return {
    necessary: true,
    analytics: choices.analytics === true,
    marketing: choices.marketing === true,
    functional: choices.functional === true,
    consentDate: now.toISOString(),
  };
}

export const useConsentStore = create<ConsentState>()(
  persist(
    (set) => ({
      consent: null,
      saveConsent: (choices, now) => {
        const consent = makeConsent(choices, now);
        set({ consent });
        return consent;
      },
      clearConsent: () => set({ consent: null }),
    }),
    {
      name: CONSENT_STORAGE_KEY,
      version: 1,
      storage: createJSONStorage(browserStorage),
      partialize: (s) => ({ consent: s.consent }),
    },
  ),
);

/** The stored choice, or null if none was made yet. */
export function useConsent(): CookieConsent | null {
  return useConsentStore((s) => s.consent);
}

/** Whether a category may be used now (necessary always; others only with a stored yes). */
export function hasConsent(category: ConsentCategory): boolean {
  if (category === 'necessary') return true;
  return useConsentStore.getState().consent?.[category] === true;
}
