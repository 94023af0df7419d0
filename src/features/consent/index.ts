// Cookie consent UI: the banner, the customise dialog and the button that reopens it. The consent
// state itself lives in @/shared/lib/consent so /privacy-settings and the beacons can read it too;
// it is re-exported here for convenience.
import './consent.css';

export { ConsentOverlays } from './components/consent-overlays';
export { openConsentDialog, closeConsentDialog } from './store';
export {
  consentStore,
  useConsent,
  saveConsent,
  acceptAllCookies,
  rejectOptionalCookies,
  clearConsent,
  hasAnalyticsConsent,
  CONSENT_STORAGE_KEY,
  type CookieConsent,
  type ConsentChoices,
  type ConsentState,
} from '@/shared/lib/consent';
