// Accessibility's part of the head script (src/early/head-script.ts): the stored settings go on <html>
// before the prerendered page paints, or a reader with large text or high contrast sees the default page
// flash first. Head-safe: no React, no CSS.
import { applySettings, loadSettings } from './settings';

export function applyStoredSettingsEarly(): void {
  applySettings(loadSettings());
}
