// The marketplace's part of the early view (src/early/marketplace-view.ts): the results' status line and the
// list-or-grid choice, the same functions the screen uses, so the cards drawn before the app match its first
// render. Head-safe: no React, no CSS.
export { coverageStatus, sheetTotal } from './coverage-status';

export type ResultsView = 'list' | 'grid';

export const RESULTS_VIEW_KEY = 'motorly.marketplace.view';
const PHONE_QUERY = '(max-width: 639.98px)';

/** The stored choice, else the compact list on phones (below 640 px, so several cars fit a screen). */
export function initialResultsView(): ResultsView {
  if (typeof window === 'undefined') return 'grid';
  let saved: string | null = null;
  try {
    saved = window.localStorage?.getItem(RESULTS_VIEW_KEY) ?? null;
  } catch {
    // Storage blocked: the default for the screen's width.
  }
  if (saved === 'list' || saved === 'grid') return saved;
  return window.matchMedia?.(PHONE_QUERY).matches ? 'list' : 'grid';
}
