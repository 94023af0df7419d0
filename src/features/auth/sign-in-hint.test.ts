// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { markSignInHint, readSignInHint, SIGN_IN_HINT_KEY, writeSignInHint } from './sign-in-hint';

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
  delete document.documentElement.dataset.authHint;
});

describe('sign-in hint', () => {
  it('reads back what was written, and marks <html> with it', () => {
    expect(readSignInHint()).toBeNull();
    writeSignInHint('in');
    expect(localStorage.getItem(SIGN_IN_HINT_KEY)).toBe('in');
    expect(readSignInHint()).toBe('in');
    expect(document.documentElement.dataset.authHint).toBe('in');
    writeSignInHint('out');
    expect(readSignInHint()).toBe('out');
    expect(document.documentElement.dataset.authHint).toBe('out');
  });

  it('ignores a stored value that is not one of its own', () => {
    for (const bad of ['true', 'IN', '', ' in', '{"in":1}']) {
      localStorage.setItem(SIGN_IN_HINT_KEY, bad);
      expect(readSignInHint(), bad).toBeNull();
      markSignInHint();
      expect(document.documentElement.dataset.authHint, bad).toBeUndefined();
    }
  });

  it('marks <html> from storage before the app runs (the head script)', () => {
    localStorage.setItem(SIGN_IN_HINT_KEY, 'in');
    markSignInHint();
    expect(document.documentElement.dataset.authHint).toBe('in');
    localStorage.removeItem(SIGN_IN_HINT_KEY);
    markSignInHint();
    expect(document.documentElement.dataset.authHint).toBeUndefined();
  });

  it('survives storage that throws: no hint, and a failed write is harmless', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    expect(readSignInHint()).toBeNull();
    expect(() => writeSignInHint('in')).not.toThrow();
    // This page's header still follows what auth has just learnt.
    expect(document.documentElement.dataset.authHint).toBe('in');
  });

  it('does not rewrite an unchanged hint', () => {
    writeSignInHint('out');
    const set = vi.spyOn(Storage.prototype, 'setItem');
    writeSignInHint('out');
    expect(set).not.toHaveBeenCalled();
  });
});
