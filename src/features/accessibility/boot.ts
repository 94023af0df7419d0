// Built by the prerender plugin into /a11y-boot.js, a classic script in <head>: it puts the stored
// accessibility settings on <html> before the prerendered page paints (the CSP forbids inline scripts),
// marks a stored cookie choice so the prerendered cookie banner stays hidden for those who chose, and
// marks a deep link, whose first paint must not show the prerendered home page's content.
import { hasStoredConsent } from '@/shared/lib/consent-storage';
import { applySettings, loadSettings } from './settings';

applySettings(loadSettings());
if (hasStoredConsent()) document.documentElement.dataset.consentStored = '';
if (window.location.pathname !== '/') document.documentElement.dataset.deepLink = '';
