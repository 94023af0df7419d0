// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { setMenuOpen } from '../store';
import { TopNav } from './top-nav';

vi.mock('@/data/bookmarks', () => ({ useBookmarks: () => [] }));

const nav = (authLoading: boolean, signedIn: boolean) => (
  <MemoryRouter initialEntries={['/']}>
    <TopNav
      viewer={{ signedIn, isAdmin: false }}
      authLoading={authLoading}
      onSignOut={async () => true}
      unreadCount={0}
      onOpenNotifications={() => undefined}
    />
  </MemoryRouter>
);

afterEach(() => {
  cleanup();
  act(() => setMenuOpen(false));
  localStorage.clear();
  delete document.documentElement.dataset.authHint;
});

describe('TopNav while auth is not known', () => {
  it('renders the same markup whatever the stored hint says (the prerendered HTML must hydrate as is)', () => {
    const none = renderToString(nav(true, false));
    localStorage.setItem('motorly-signed-in-hint', 'in');
    document.documentElement.dataset.authHint = 'in';
    expect(renderToString(nav(true, false))).toBe(none);
  });

  it('holds both shapes: the real Sign In link, and inert placeholders for Account, Sign Out and the bell', () => {
    const { container } = render(nav(true, false));
    expect(container.querySelector('header')).toHaveProperty('dataset.authPending', 'true');
    const signIn = screen.getByRole('link', { name: 'Sign In' });
    expect(signIn.getAttribute('href')).toBe('/auth');
    expect(signIn.classList.contains('pending-if-out')).toBe(true);
    expect(screen.getByRole('link', { name: 'Get Started' }).classList.contains('pending-if-out')).toBe(true);
    // Nothing to press before the session is known.
    expect(screen.queryByRole('button', { name: /Sign Out|Notifications/ })).toBeNull();
    const placeholders = [...container.querySelectorAll('.topbar__placeholder')];
    expect(placeholders.map((el) => el.textContent)).toEqual(['', 'Account', 'Sign Out']);
    for (const el of placeholders) {
      expect(el.getAttribute('aria-hidden')).toBe('true');
      expect(el.classList.contains('pending-if-in')).toBe(true);
    }
    const myLeads = container.querySelector('.topbar__nav a[href="/my-leads"]');
    expect(myLeads?.closest('li')?.className).toBe('pending-if-in');
  });

  it('the menu likewise: Sign In, or a Sign Out placeholder and the signed-in links, by the hint', () => {
    render(nav(true, false));
    act(() => setMenuOpen(true));
    const menu = screen.getByRole('navigation', { name: 'Mobile' });
    expect(within(menu).getByRole('link', { name: 'Sign In' }).classList.contains('pending-if-out')).toBe(true);
    expect(menu.querySelector('.topbar__placeholder.pending-if-in')?.textContent).toBe('Sign Out');
    const marked = [...menu.querySelectorAll('li.pending-if-in')].map((li) => li.textContent);
    expect(marked).toEqual(['Account', 'Saved searches', 'My Leads', 'Become a dealer']);
  });

  it('once known, only the real controls', () => {
    const { container, rerender } = render(nav(true, false));
    rerender(nav(false, true));
    expect(container.querySelector('header')?.dataset.authPending).toBeUndefined();
    expect(container.querySelectorAll('.topbar__placeholder, .pending-if-in, .pending-if-out')).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Sign Out' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Notifications' })).toBeTruthy();
    rerender(nav(false, false));
    expect(container.querySelectorAll('.topbar__placeholder, .pending-if-in, .pending-if-out')).toHaveLength(0);
    expect(screen.getByRole('link', { name: 'Sign In' })).toBeTruthy();
  });
});
