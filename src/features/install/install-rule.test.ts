import { describe, expect, it } from 'vitest';
import {
  canShowInstallPrompt,
  INSTALL_HIDDEN_KEY,
  INSTALL_PROMPT_COOLDOWN_MS,
  isEngaged,
  readHiddenAt,
} from './install-rule';

const DAY = 24 * 60 * 60 * 1000;

describe('install prompt 7-day rule', () => {
  const now = Date.UTC(2026, 10, 23);
  it('shows when never hidden', () => expect(canShowInstallPrompt(null, now)).toBe(true));
  it('stays hidden for 7 days after accept or dismiss', () => {
    expect(canShowInstallPrompt(now - 1, now)).toBe(false);
    expect(canShowInstallPrompt(now - 7 * DAY + 1, now)).toBe(false);
  });
  it('comes back after 7 days', () => {
    expect(INSTALL_PROMPT_COOLDOWN_MS).toBe(7 * DAY);
    expect(canShowInstallPrompt(now - 7 * DAY, now)).toBe(true);
  });
  it('reads a stored timestamp and ignores junk', () => {
    expect(readHiddenAt({ getItem: (k) => (k === INSTALL_HIDDEN_KEY ? '123' : null) })).toBe(123);
    expect(readHiddenAt({ getItem: () => 'soon' })).toBeNull();
    expect(readHiddenAt(null)).toBeNull();
  });
});

describe('issue 34: the install prompt waits for real engagement', () => {
  it('not on a first visit; on a second visit or after a bookmark', () => {
    expect(isEngaged({ visits: 0, bookmarked: false })).toBe(false);
    expect(isEngaged({ visits: 1, bookmarked: false })).toBe(false);
    expect(isEngaged({ visits: 2, bookmarked: false })).toBe(true);
    expect(isEngaged({ visits: 1, bookmarked: true })).toBe(true);
  });
});
