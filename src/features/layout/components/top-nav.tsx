import type { ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { ButtonLink, Button, CloseIcon, MenuIcon, Skeleton } from '@/shared/ui';
import { href } from '@/shared/lib/routes';
import { desktopLinks, showGetStarted, type NavViewer } from '../nav-items';
import { setMenuOpen, useLayout } from '../store';
import { useSignOutAction } from '../use-sign-out';
import { BookmarksLink } from './bookmarks-link';
import { BrandLogo } from './brand-logo';
import { MobileMenu } from './mobile-menu';
import { NavItemLink } from './nav-item-link';
import { NotificationBell } from './notification-bell';

export interface TopNavProps {
  viewer: NavViewer;
  /** Auth state not known yet: the account buttons show a placeholder. */
  authLoading: boolean;
  /** Resolves false when the user cancelled; throws a user-safe error on failure. */
  onSignOut: () => Promise<boolean | void>;
  unreadCount: number;
  onOpenNotifications: () => void;
  notificationsOpen?: boolean;
  /** Rendered in the bar's right side (the sync status badge). */
  statusSlot?: ReactNode;
}

export function TopNav({
  viewer,
  authLoading,
  onSignOut,
  unreadCount,
  onOpenNotifications,
  notificationsOpen,
  statusSlot,
}: TopNavProps) {
  const { pathname } = useLocation();
  const menuOpen = useLayout((s) => s.menuOpen);
  const { signingOut, signOut } = useSignOutAction(onSignOut);
  const links = desktopLinks(viewer);
  const unknown = authLoading && !viewer.signedIn;

  return (
    <header className="topbar" data-signed-in={viewer.signedIn || undefined}>
      <div className="container topbar__inner">
        <BrandLogo onClick={() => setMenuOpen(false)} />
        <nav className="topbar__nav" aria-label="Main">
          <ul>
            {links.map((item) => (
              <NavItemLink key={item.label} item={item} pathname={pathname} className="topbar__link" />
            ))}
          </ul>
        </nav>
        <div className="topbar__actions">
          {statusSlot}
          <BookmarksLink active={pathname === href.bookmarks()} />
          {viewer.signedIn && (
            <NotificationBell unreadCount={unreadCount} onOpen={onOpenNotifications} expanded={notificationsOpen} />
          )}
          <div className="topbar__account">
            {unknown ? (
              <Skeleton width={140} height={36} radius={10} />
            ) : viewer.signedIn ? (
              <>
                <ButtonLink to={href.account()} variant="ghost">
                  Account
                </ButtonLink>
                <Button onClick={signOut} disabled={signingOut}>
                  {signingOut ? 'Signing Out...' : 'Sign Out'}
                </Button>
              </>
            ) : (
              <ButtonLink to={href.auth()} variant="ghost">
                Sign In
              </ButtonLink>
            )}
          </div>
          {showGetStarted(viewer) && (
            <ButtonLink to={href.aiSearch()} variant="primary" className="topbar__cta">
              Get Started
            </ButtonLink>
          )}
          <button
            type="button"
            className="btn btn--ghost btn--icon topbar__toggle"
            aria-label={menuOpen ? 'Close menu' : 'Open menu'}
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            onClick={() => setMenuOpen(!menuOpen)}
          >
            {menuOpen ? <CloseIcon /> : <MenuIcon />}
          </button>
        </div>
      </div>
      {menuOpen && <MobileMenu viewer={viewer} authLoading={authLoading} signingOut={signingOut} onSignOut={signOut} />}
    </header>
  );
}
