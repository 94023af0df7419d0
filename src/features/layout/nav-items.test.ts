import { describe, expect, it } from 'vitest';
import { desktopLinks, isActive, mobileLinks, pendingLinks, showGetStarted } from './nav-items';

const labels = (items: { label: string }[]) => items.map((i) => i.label);
// What every visitor sees in the top bar, signed in or not.
const PUBLIC_DESKTOP = ['AI Search', 'Reviews', 'Marketplace', 'Recommended'];
const PUBLIC_MOBILE = ['Browse Cars', ...PUBLIC_DESKTOP, 'Value My Car'];

describe('navigation items', () => {
  it('desktop links per sign-in state', () => {
    expect(labels(desktopLinks({ signedIn: false, isAdmin: false }))).toEqual(PUBLIC_DESKTOP);
    expect(labels(desktopLinks({ signedIn: true, isAdmin: false, isDealer: true }))).toEqual([
      ...PUBLIC_DESKTOP,
      'My Leads',
      'Dealer Hub',
    ]);
    expect(labels(desktopLinks({ signedIn: true, isAdmin: true }))).toContain('Admin');
  });
  it('mobile links per sign-in state', () => {
    expect(labels(mobileLinks({ signedIn: false, isAdmin: false }))).toEqual([...PUBLIC_MOBILE, 'Bookmarks']);
    expect(labels(mobileLinks({ signedIn: true, isAdmin: true }))).toEqual([
      ...PUBLIC_MOBILE,
      'Admin Dashboard',
      'Account',
      'Bookmarks',
      'Saved searches',
      'My Leads',
      'Become a dealer',
    ]);
  });
  it('issue 34: only the links that apply: Dealer Hub for dealer members, Get Started only signed out', () => {
    const shopper = { signedIn: true, isAdmin: false, isDealer: false };
    expect(labels(desktopLinks(shopper))).toEqual([...PUBLIC_DESKTOP, 'My Leads']);
    expect(labels(mobileLinks(shopper))).not.toContain('Dealer Hub');
    expect(labels(mobileLinks(shopper))).toContain('Become a dealer');
    expect(labels(mobileLinks({ ...shopper, isDealer: true }))).toContain('Dealer Hub');
    expect(labels(desktopLinks({ signedIn: false, isAdmin: false, isDealer: true }))).not.toContain('Dealer Hub');
    expect(showGetStarted(shopper)).toBe(false);
    expect(showGetStarted({ signedIn: false, isAdmin: false })).toBe(true);
  });
  it('Admin highlights for any /admin path, Dealer Hub for any /dealer path', () => {
    const [admin] = desktopLinks({ signedIn: true, isAdmin: true }).filter((i) => i.label === 'Admin');
    const [dealer] = desktopLinks({ signedIn: true, isAdmin: false, isDealer: true }).filter(
      (i) => i.label === 'Dealer Hub',
    );
    expect(isActive(admin, '/admin/reviews/edit/7')).toBe(true);
    expect(isActive(admin, '/admin/security')).toBe(true);
    expect(isActive(admin, '/account')).toBe(false);
    expect(isActive(dealer, '/dealer/anything')).toBe(true);
    expect(isActive({ label: 'Reviews', to: '/reviews' }, '/reviews')).toBe(true);
    expect(isActive({ label: 'Marketplace', to: '/marketplace' }, '/marketplace/abc')).toBe(true);
  });
  it('while auth is not known: the signed-in links, those a signed-out visitor lacks marked', () => {
    const unknown = { signedIn: false, isAdmin: false };
    const marked = (list: ReturnType<typeof pendingLinks>) => list.filter((l) => l.ifSignedIn).map((l) => l.item.label);
    expect(pendingLinks(desktopLinks, unknown).map((l) => l.item.label)).toEqual([...PUBLIC_DESKTOP, 'My Leads']);
    expect(marked(pendingLinks(desktopLinks, unknown))).toEqual(['My Leads']);
    expect(marked(pendingLinks(mobileLinks, unknown))).toEqual([
      'Account',
      'Saved searches',
      'My Leads',
      'Become a dealer',
    ]);
    // Unmarked, they are the signed-out visitor's links in their order.
    expect(
      pendingLinks(mobileLinks, unknown)
        .filter((l) => !l.ifSignedIn)
        .map((l) => l.item),
    ).toEqual(mobileLinks(unknown));
  });
});
