// Cookie consent (SPEC §3 "Cookie consent"): the one store the cookie banner, the customise dialog,
// /privacy-settings and the analytics beacons all read. Persisted in localStorage so it is known
// synchronously before first paint (the banner must not flash for someone who already chose).
import { createStore, useStore } from 'zustand';
import { CONSENT_STORAGE_KEY, parseConsent, type ConsentChoices, type CookieConsent } from './consent-storage';

export { CONSENT_STORAGE_KEY, parseConsent, type ConsentChoices, type CookieConsent } from './consent-storage';

export interface ConsentState {
  /** null until a choice is stored: the banner shows. */
  consent: CookieConsent | null;
}

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null; // storage blocked (some private modes)
  }
}

function readStored(): CookieConsent | null {
  return parseConsent(storage()?.getItem(CONSENT_STORAGE_KEY) ?? null);
}

export const consentStore = createStore<ConsentState>(() => ({ consent: readStored() }));

/** Stores a choice (necessary is always on) and returns it. */
export function saveConsent(choices: ConsentChoices, now: Date = new Date()): CookieConsent {
  const consent: CookieConsent = {
    necessary: true,
    analytics: choices.analytics,
    marketing: choices.marketing,
    functional: choices.functional,
    consentDate: now.toISOString(),
  };
  storage()?.setItem(CONSENT_STORAGE_KEY, JSON.stringify(consent));
  consentStore.setState({ consent });
  return consent;
}

export const acceptAllCookies = (now?: Date) =>
  saveConsent({ analytics: true, marketing: true, functional: true }, now);
export const rejectOptionalCookies = (now?: Date) =>
  saveConsent({ analytics: false, marketing: false, functional: false }, now);

/** Forgets the choice (e.g. "clear local data"): the banner asks again. */
export function clearConsent(): void {
  storage()?.removeItem(CONSENT_STORAGE_KEY);
  consentStore.setState({ consent: null });
}

/** True only once the user has said yes to analytics. */
export function hasAnalyticsConsent(state: ConsentState = consentStore.getState()): boolean {
  return state.consent?.analytics === true;
}

/** React hook over the consent store. */
export function useConsent<T>(select: (s: ConsentState) => T): T {
  return useStore(consentStore, select);
}

// Another tab's choice applies here too.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (e) => {
    if (e.key === CONSENT_STORAGE_KEY || e.key === null) consentStore.setState({ consent: readStored() });
  });
}
