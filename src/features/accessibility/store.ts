// The live accessibility settings: loaded synchronously at import (so main.tsx can apply them before
// React renders), saved and applied on every change.
import { create } from 'zustand';
import {
  applySettings,
  loadSettings,
  readSystemPreferences,
  saveSettings,
  settingsReducer,
  type AccessibilitySettings,
  type SettingsAction,
} from './settings';

interface A11yState {
  settings: AccessibilitySettings;
  panelOpen: boolean;
}

export const useAccessibility = create<A11yState>(() => ({ settings: loadSettings(), panelOpen: false }));

export function dispatchSetting(action: SettingsAction): void {
  const settings = settingsReducer(useAccessibility.getState().settings, action);
  useAccessibility.setState({ settings });
  saveSettings(settings);
  applySettings(settings);
}

export function resetSettings(): void {
  dispatchSetting({ type: 'reset', system: readSystemPreferences() });
}

export function setAccessibilityPanelOpen(panelOpen: boolean): void {
  useAccessibility.setState({ panelOpen });
}

/** Called once from main.tsx before the first render: no flash of the wrong theme or size. */
export function applyStoredAccessibility(): void {
  applySettings(useAccessibility.getState().settings);
}
