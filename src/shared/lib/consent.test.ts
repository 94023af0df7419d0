// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import {
  acceptAllCookies,
  clearConsent,
  CONSENT_STORAGE_KEY,
  consentStore,
  hasAnalyticsConsent,
  parseConsent,
  rejectOptionalCookies,
  saveConsent,
} from './consent';

describe('cookie consent store', () => {
  beforeEach(() => clearConsent());

  it('has no choice until one is stored (the banner shows)', () => {
    expect(consentStore.getState().consent).toBeNull();
    expect(hasAnalyticsConsent()).toBe(false);
  });

  it('stores a choice with necessary always on and the consent date', () => {
    const at = new Date('2026-11-23T10:00:00Z');
    saveConsent({ analytics: true, marketing: false, functional: true }, at);
    const stored = JSON.parse(localStorage.getItem(CONSENT_STORAGE_KEY)!);
    expect(stored).toEqual({
      necessary: true,
      analytics: true,
      marketing: false,
      functional: true,
      consentDate: '2026-11-23T10:00:00.000Z',
    });
    expect(hasAnalyticsConsent()).toBe(true);
  });

  it('accept all / necessary only', () => {
    expect(acceptAllCookies()).toMatchObject({ analytics: true, marketing: true, functional: true });
    expect(rejectOptionalCookies()).toMatchObject({ necessary: true, analytics: false, marketing: false });
    expect(hasAnalyticsConsent()).toBe(false);
  });

  it('cannot be talked into necessary=false, and treats malformed storage as no choice', () => {
    const raw = JSON.stringify({
      necessary: false,
      analytics: false,
      marketing: false,
      functional: false,
      consentDate: '2026-01-01',
    });
    expect(parseConsent(raw)?.necessary).toBe(true);
    expect(parseConsent('{"analytics":true}')).toBeNull();
    expect(parseConsent('{')).toBeNull();
    expect(parseConsent(null)).toBeNull();
  });
});
