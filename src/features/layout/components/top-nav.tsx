import type { ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { ButtonLink, Button, CloseIcon, MenuIcon } from '@/shared/ui';
import { href } from '@/shared/lib/routes';
import { desktopLinks, linksToShow, showGetStarted, type NavViewer } from '../nav-items';
import { setMenuOpen, useLayout } from '../store';
import { useSignOutAction } from '../use-sign-out';
import { BookmarksLink } from './bookmarks-link';
import { BrandLogo } from './brand-logo';
import { MobileMenu } from './mobile-menu';
import { NavItemLink } from './nav-item-link';
import { NotificationBell } from './notification-bell';

export interface TopNavProps {
  viewer: NavViewer;
  /** Auth state not known yet: the bar takes the shape the stored sign-in hint predicts (see PendingAccount). */
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
  const unknown = authLoading && !viewer.signedIn;
  const links = linksToShow(desktopLinks, viewer, unknown);

  return (
    <header className="topbar" data-signed-in={viewer.signedIn || undefined} data-auth-pending={unknown || undefined}>
      <div className="container topbar__inner">
        <BrandLogo onClick={() => setMenuOpen(false)} />
        <nav className="topbar__nav" aria-label="Main">
          <ul>
            {links.map(({ item, ifSignedIn }) => (
              <NavItemLink
                key={item.label}
                item={item}
                pathname={pathname}
                className="topbar__link"
                itemClassName={ifSignedIn ? 'pending-if-in' : undefined}
              />
            ))}
          </ul>
        </nav>
        <div className="topbar__actions">
          {statusSlot}
          <BookmarksLink active={pathname === href.bookmarks()} />
          {viewer.signedIn && (
            <NotificationBell unreadCount={unreadCount} onOpen={onOpenNotifications} expanded={notificationsOpen} />
          )}
          {unknown && (
            // The icon button's fixed size; no icon drawn (nor sent in the prerendered HTML).
            <span className="btn btn--ghost btn--icon nav-bell topbar__placeholder pending-if-in" aria-hidden="true" />
          )}
          <div className="topbar__account">
            {unknown ? (
              <PendingAccount />
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
            <ButtonLink
              to={href.aiSearch()}
              variant="primary"
              className={unknown ? 'topbar__cta pending-if-out' : 'topbar__cta'}
            >
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

/**
 * The account area while auth is not known. The markup holds both shapes and CSS shows the one the stored
 * hint predicts (html[data-auth-hint], set by the head script before the first paint), so the prerendered
 * HTML, the hydration and the client's first render are the same and the controls beside it stay put.
 * No hint or 'out' (first visits, hence Lighthouse): the real Sign In link at once. It is right for every
 * signed-out visitor, and a signed-in user without the hint (storage cleared, or from before it existed)
 * only meets the sign-in page, once. 'in': Account and Sign Out as inert placeholders of their own size, as
 * signing out must wait for the session.
 */
function PendingAccount() {
  return (
    <>
      <ButtonLink to={href.auth()} variant="ghost" className="pending-if-out">
        Sign In
      </ButtonLink>
      <span className="btn btn--ghost topbar__placeholder pending-if-in" aria-hidden="true">
        Account
      </span>
      <span className="btn topbar__placeholder pending-if-in" aria-hidden="true">
        Sign Out
      </span>
    </>
  );
}
