// Accessibility settings (SPEC §2 overlays, §3, §5): the panel, the button that opens it, the
// screen-reader route announcer, and applyStoredAccessibility() which main.tsx runs before rendering.
import './accessibility.css';

export { AccessibilityPanel } from './components/accessibility-panel';
export { AccessibilityButton } from './components/accessibility-button';
export { RouteAnnouncer } from './components/route-announcer';
export { applyStoredAccessibility, useAccessibility, dispatchSetting, setAccessibilityPanelOpen } from './store';
export type { AccessibilitySettings } from './settings';
