// Built by the prerender plugin into /a11y-boot.js, a classic script in <head>: it puts the stored
// accessibility settings on <html> before the prerendered page paints (the CSP forbids inline scripts).
import { applySettings, loadSettings } from './settings';

applySettings(loadSettings());
