// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import {
  A11Y_STORAGE_KEY,
  applySettings,
  clampFontSize,
  defaultSettings,
  loadSettings,
  saveSettings,
  settingsReducer,
} from './settings';

const system = { prefersReducedMotion: true, prefersDark: false };

describe('accessibility settings', () => {
  beforeEach(() => localStorage.clear());

  it('start from the system reduced-motion and colour-scheme preferences', () => {
    expect(defaultSettings(system)).toMatchObject({ reducedMotion: true, darkMode: false, fontSize: 16 });
    expect(defaultSettings({ prefersReducedMotion: false, prefersDark: true })).toMatchObject({
      reducedMotion: false,
      darkMode: true,
    });
  });

  it('keep the font size between 12 and 24 in steps of 2', () => {
    expect([10, 12, 13, 15, 24, 30, NaN].map(clampFontSize)).toEqual([12, 12, 14, 16, 24, 24, 16]);
    let s = defaultSettings(system);
    for (let i = 0; i < 10; i++) s = settingsReducer(s, { type: 'font-step', direction: 1 });
    expect(s.fontSize).toBe(24);
    for (let i = 0; i < 10; i++) s = settingsReducer(s, { type: 'font-step', direction: -1 });
    expect(s.fontSize).toBe(12);
  });

  it('toggle and reset through the reducer', () => {
    const on = settingsReducer(defaultSettings(system), { type: 'toggle', key: 'highContrast', value: true });
    expect(on.highContrast).toBe(true);
    expect(settingsReducer(on, { type: 'reset', system }).highContrast).toBe(false);
  });

  it('persist, and a stored value wins over the system default', () => {
    saveSettings({ ...defaultSettings(system), reducedMotion: false, fontSize: 20, darkMode: true });
    expect(loadSettings(system)).toMatchObject({ reducedMotion: false, fontSize: 20, darkMode: true });
    localStorage.setItem(A11Y_STORAGE_KEY, '{"fontSize":99,"largeText":"yes"}');
    expect(loadSettings(system)).toMatchObject({ fontSize: 24, largeText: false });
    localStorage.setItem(A11Y_STORAGE_KEY, 'not json');
    expect(loadSettings(system)).toEqual(defaultSettings(system));
  });

  it('apply to <html> as data attributes and the root font size', () => {
    const root = document.createElement('html');
    applySettings({ ...defaultSettings(system), highContrast: true, largeText: true, fontSize: 20 }, root);
    expect(root.dataset.contrast).toBe('high');
    expect(root.dataset.motion).toBe('reduced');
    expect(root.dataset.theme).toBe('light');
    expect(root.style.getPropertyValue('--font-size-root')).toBe('23px');
    applySettings(defaultSettings({ prefersReducedMotion: false, prefersDark: true }), root);
    expect(root.dataset.contrast).toBeUndefined();
    expect(root.dataset.motion).toBeUndefined();
    expect(root.dataset.theme).toBe('dark');
    expect(root.style.getPropertyValue('--font-size-root')).toBe('16px');
  });
});
