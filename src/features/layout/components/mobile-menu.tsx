import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { Button, ButtonLink } from '@/shared/ui';
import { href } from '@/shared/lib/routes';
import { mobileLinks, linksToShow, showGetStarted, type NavViewer } from '../nav-items';
import { setMenuOpen } from '../store';
import { NavItemLink } from './nav-item-link';

export interface MobileMenuProps {
  viewer: NavViewer;
  authLoading: boolean;
  signingOut: boolean;
  onSignOut: () => void;
}

/** The toggled menu below the top bar on phones and tablets. Escape or navigating closes it. */
export function MobileMenu({ viewer, authLoading, signingOut, onSignOut }: MobileMenuProps) {
  const { pathname } = useLocation();
  const firstPath = useRef(pathname);

  useEffect(() => {
    if (pathname !== firstPath.current) setMenuOpen(false);
  }, [pathname]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setMenuOpen(false);
      document.querySelector<HTMLButtonElement>('.topbar__toggle')?.focus();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const close = () => setMenuOpen(false);
  // Auth not known: the shape the stored hint predicts, as the top bar (top-nav.tsx, PendingAccount).
  const unknown = authLoading && !viewer.signedIn;
  const links = linksToShow(mobileLinks, viewer, unknown);
  return (
    <nav id="mobile-menu" className="mobile-menu" aria-label="Mobile">
      <ul className="mobile-menu__list">
        {links.map(({ item, ifSignedIn }) => (
          <NavItemLink
            key={item.label}
            item={item}
            pathname={pathname}
            className="mobile-menu__link"
            itemClassName={ifSignedIn ? 'pending-if-in' : undefined}
            onClick={close}
          />
        ))}
      </ul>
      <div className="mobile-menu__actions">
        {unknown ? (
          <>
            <ButtonLink to={href.auth()} block onClick={close} className="pending-if-out">
              Sign In
            </ButtonLink>
            <span className="btn btn--block topbar__placeholder pending-if-in" aria-hidden="true">
              Sign Out
            </span>
          </>
        ) : viewer.signedIn ? (
          <Button block onClick={onSignOut} disabled={signingOut}>
            {signingOut ? 'Signing Out...' : 'Sign Out'}
          </Button>
        ) : (
          <ButtonLink to={href.auth()} block onClick={close}>
            Sign In
          </ButtonLink>
        )}
        {showGetStarted(viewer) && (
          <ButtonLink
            to={href.aiSearch()}
            variant="primary"
            block
            onClick={close}
            className={unknown ? 'pending-if-out' : undefined}
          >
            Get Started
          </ButtonLink>
        )}
      </div>
    </nav>
  );
}
