import { describe, expect, it } from 'vitest';
import { href, isUnder, safeRedirect } from './routes';

describe('href builders', () => {
  it('encodes path segments', () => {
    expect(href.brand('Land Rover')).toBe('/brand/Land%20Rover');
    expect(href.brandModel('Mercedes-Benz', 'C-Class')).toBe('/brand/Mercedes-Benz/C-Class');
    expect(href.model('Alfa Romeo', 'Giulia/Q')).toBe('/models/Alfa%20Romeo/Giulia%2FQ');
    expect(href.listing('abc')).toBe('/marketplace/abc');
    expect(href.adminReviewEdit('42')).toBe('/admin/reviews/edit/42');
  });
  it('builds the auth link with a safe redirect only', () => {
    expect(href.auth()).toBe('/auth');
    expect(href.auth({ redirect: '/account' })).toBe('/auth?redirect=%2Faccount');
    expect(href.auth({ redirect: '//evil.example' })).toBe('/auth');
    expect(href.auth({ tab: 'signup' })).toBe('/auth?tab=signup');
  });
  it('isUnder is segment-aware', () => {
    expect(isUnder('/admin', '/admin')).toBe(true);
    expect(isUnder('/admin/reviews/edit/1', '/admin')).toBe(true);
    expect(isUnder('/administer', '/admin')).toBe(false);
    expect(isUnder('/dealer/dashboard', '/dealer')).toBe(true);
  });
  it('safeRedirect rejects external targets', () => {
    expect(safeRedirect('/browse')).toBe('/browse');
    expect(safeRedirect('https://evil.example')).toBe('/');
    expect(safeRedirect('//evil.example')).toBe('/');
    expect(safeRedirect('/\\evil.example')).toBe('/');
    expect(safeRedirect(null, '/x')).toBe('/x');
  });
});
