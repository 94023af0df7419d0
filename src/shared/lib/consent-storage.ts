// The stored cookie choice's shape and parsing, without the store: /a11y-boot.js (a render-blocking head
// script) reads it too, so it must not pull in zustand or React.

export interface CookieConsent {
  /** Necessary cookies cannot be disabled (SPEC §5). */
  necessary: true;
  analytics: boolean;
  marketing: boolean;
  functional: boolean;
  /** ISO date-time the choice was made. */
  consentDate: string;
}

/** The switchable categories. */
export type ConsentChoices = Pick<CookieConsent, 'analytics' | 'marketing' | 'functional'>;

export const CONSENT_STORAGE_KEY = 'motorly-cookie-consent';

/** Reads a stored choice; anything malformed counts as no choice (the banner asks again). */
export function parseConsent(raw: string | null): CookieConsent | null {
  if (!raw) return null;
  try {
    const v = JSON.parse(raw) as Record<string, unknown>;
    const flags = ['analytics', 'marketing', 'functional'] as const;
    if (!flags.every((k) => typeof v[k] === 'boolean')) return null;
    if (typeof v.consentDate !== 'string' || Number.isNaN(Date.parse(v.consentDate))) return null;
    return {
      necessary: true,
      analytics: v.analytics as boolean,
      marketing: v.marketing as boolean,
      functional: v.functional as boolean,
      consentDate: v.consentDate,
    };
  } catch {
    return null;
  }
}

/** Whether a valid choice is stored (the cookie banner is not needed). */
export function hasStoredConsent(): boolean {
  try {
    return parseConsent(localStorage.getItem(CONSENT_STORAGE_KEY)) !== null;
  } catch {
    return false;
  }
}
