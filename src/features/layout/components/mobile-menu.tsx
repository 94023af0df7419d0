import { useEffect, useRef } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { Button, ButtonLink, cx } from '@/shared/ui';
import { href } from '@/shared/lib/routes';
import { isActive, mobileLinks, type NavViewer } from '../nav-items';
import { setMenuOpen } from '../store';

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
  return (
    <nav id="mobile-menu" className="mobile-menu" aria-label="Mobile">
      <ul className="mobile-menu__list">
        {mobileLinks(viewer).map((item) => {
          const active = isActive(item, pathname);
          return (
            <li key={item.label}>
              <Link
                to={item.to}
                className={cx('mobile-menu__link', active && 'is-active')}
                aria-current={active ? 'page' : undefined}
                onClick={close}
              >
                {item.label}
              </Link>
            </li>
          );
        })}
      </ul>
      <div className="mobile-menu__actions">
        {authLoading && !viewer.signedIn ? null : viewer.signedIn ? (
          <Button block onClick={onSignOut} disabled={signingOut}>
            {signingOut ? 'Signing Out...' : 'Sign Out'}
          </Button>
        ) : (
          <ButtonLink to={href.auth()} block onClick={close}>
            Sign In
          </ButtonLink>
        )}
        <ButtonLink to={href.aiSearch()} variant="primary" block onClick={close}>
          Get Started
        </ButtonLink>
      </div>
    </nav>
  );
}
