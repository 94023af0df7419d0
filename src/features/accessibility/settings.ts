// Accessibility settings (SPEC §3): what they are, where they start (the system's reduced-motion and
// colour-scheme preferences), how a change is applied (a reducer), how they persist (localStorage, so
// main.tsx can apply them synchronously before first paint) and how they reach the page (data
// attributes and the root font size on <html>, read by tokens.css).

export interface AccessibilitySettings {
  highContrast: boolean;
  largeText: boolean;
  reducedMotion: boolean;
  screenReader: boolean;
  keyboardNavigation: boolean;
  /** Root font size in px: 12 to 24 in steps of 2 (SPEC §5). */
  fontSize: number;
  darkMode: boolean;
}

export type ToggleKey = Exclude<keyof AccessibilitySettings, 'fontSize'>;

export const FONT_SIZE_MIN = 12;
export const FONT_SIZE_MAX = 24;
export const FONT_SIZE_STEP = 2;
export const DEFAULT_FONT_SIZE = 16;
/** Large text scales whatever font size is chosen. */
export const LARGE_TEXT_SCALE = 1.125;
export const A11Y_STORAGE_KEY = 'motorly-accessibility';

export interface SystemPreferences {
  prefersReducedMotion: boolean;
  prefersDark: boolean;
}

export function readSystemPreferences(): SystemPreferences {
  const q = (query: string) => typeof matchMedia === 'function' && matchMedia(query).matches;
  return {
    prefersReducedMotion: q('(prefers-reduced-motion: reduce)'),
    prefersDark: q('(prefers-color-scheme: dark)'),
  };
}

export function defaultSettings(system: SystemPreferences): AccessibilitySettings {
  return {
    highContrast: false,
    largeText: false,
    reducedMotion: system.prefersReducedMotion,
    screenReader: false,
    keyboardNavigation: false,
    fontSize: DEFAULT_FONT_SIZE,
    darkMode: system.prefersDark,
  };
}

/** Snaps to the nearest allowed size (12, 14, … 24). */
export function clampFontSize(px: number): number {
  if (!Number.isFinite(px)) return DEFAULT_FONT_SIZE;
  const stepped = Math.round(px / FONT_SIZE_STEP) * FONT_SIZE_STEP;
  return Math.min(FONT_SIZE_MAX, Math.max(FONT_SIZE_MIN, stepped));
}

export type SettingsAction =
  | { type: 'toggle'; key: ToggleKey; value: boolean }
  | { type: 'font-size'; value: number }
  | { type: 'font-step'; direction: 1 | -1 }
  | { type: 'reset'; system: SystemPreferences };

export function settingsReducer(state: AccessibilitySettings, action: SettingsAction): AccessibilitySettings {
  switch (action.type) {
    case 'toggle':
      return { ...state, [action.key]: action.value };
    case 'font-size':
      return { ...state, fontSize: clampFontSize(action.value) };
    case 'font-step':
      return { ...state, fontSize: clampFontSize(state.fontSize + action.direction * FONT_SIZE_STEP) };
    case 'reset':
      return defaultSettings(action.system);
  }
}

const TOGGLES: ToggleKey[] = [
  'highContrast',
  'largeText',
  'reducedMotion',
  'screenReader',
  'keyboardNavigation',
  'darkMode',
];

/** A stored value over the defaults; unknown or mistyped fields keep their default. */
export function parseSettings(raw: string | null, fallback: AccessibilitySettings): AccessibilitySettings {
  if (!raw) return fallback;
  try {
    const v = JSON.parse(raw) as Record<string, unknown>;
    const out = { ...fallback };
    for (const key of TOGGLES) if (typeof v[key] === 'boolean') out[key] = v[key];
    if (typeof v.fontSize === 'number') out.fontSize = clampFontSize(v.fontSize);
    return out;
  } catch {
    return fallback;
  }
}

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export function loadSettings(system: SystemPreferences = readSystemPreferences()): AccessibilitySettings {
  return parseSettings(storage()?.getItem(A11Y_STORAGE_KEY) ?? null, defaultSettings(system));
}

export function saveSettings(settings: AccessibilitySettings): void {
  storage()?.setItem(A11Y_STORAGE_KEY, JSON.stringify(settings));
}

/** The root font size in px the settings ask for. */
export function rootFontSize(s: AccessibilitySettings): number {
  return s.largeText ? Math.round(s.fontSize * LARGE_TEXT_SCALE) : s.fontSize;
}

/** Puts the settings on <html>: tokens.css and the a11y stylesheet react to these attributes. */
export function applySettings(s: AccessibilitySettings, root: HTMLElement = document.documentElement): void {
  root.dataset.theme = s.darkMode ? 'dark' : 'light';
  const flag = (name: string, on: boolean, value: string) => {
    if (on) root.setAttribute(name, value);
    else root.removeAttribute(name);
  };
  flag('data-contrast', s.highContrast, 'high');
  flag('data-text', s.largeText, 'large');
  flag('data-motion', s.reducedMotion, 'reduced');
  flag('data-screen-reader', s.screenReader, 'on');
  flag('data-keyboard-nav', s.keyboardNavigation, 'on');
  root.style.setProperty('--font-size-root', `${rootFontSize(s)}px`);
  root.style.colorScheme = s.darkMode ? 'dark' : 'light';
}
