import { setAccessibilityPanelOpen, useAccessibility } from '../store';

function AccessibilityIcon() {
  return (
    <svg
      width="20"
      height="20"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      <circle cx="12" cy="4.5" r="1.8" />
      <path d="M5 8.5l7 1.5 7-1.5M12 10v5M12 15l-3.5 6M12 15l3.5 6" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/** Opens the accessibility panel; lives in the top bar on every screen. */
export function AccessibilityButton() {
  const open = useAccessibility((s) => s.panelOpen);
  return (
    <button
      type="button"
      className="btn btn--ghost btn--icon"
      aria-label="Accessibility settings"
      aria-haspopup="dialog"
      aria-expanded={open}
      onClick={() => setAccessibilityPanelOpen(true)}
    >
      <AccessibilityIcon />
    </button>
  );
}
