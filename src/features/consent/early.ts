// Consent's part of the head script (src/early/head-script.ts): a stored cookie choice marks <html>, so the
// prerendered cookie banner stays hidden (consent.css) until the banner hydrates and decides
// (cookie-banner.tsx removes the mark). Head-safe: no React, no CSS.
import { hasStoredConsent } from '@/shared/lib/consent-storage';

export function markStoredConsentEarly(): void {
  if (hasStoredConsent()) document.documentElement.dataset.consentStored = '';
}
