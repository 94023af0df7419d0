import { useLocation } from 'react-router-dom';
import { ButtonLink, HomeIcon, SearchIcon } from '@/shared/ui';
import { href } from '@/shared/lib/routes';
import { BrandLogo } from './brand-logo';

/** Any unknown path: no navigation, a clear way back. */
export function NotFoundScreen() {
  const { pathname } = useLocation();
  return (
    <div className="not-found">
      <div className="not-found__logo">
        <BrandLogo />
      </div>
      <div className="not-found__card">
        <p className="not-found__code" aria-hidden="true">
          404
        </p>
        <h1>Page not found</h1>
        <p className="muted">
          We couldn&apos;t find <code className="not-found__path">{pathname}</code>. It may have moved, or the link may
          be mistyped.
        </p>
        <div className="cluster not-found__actions">
          <ButtonLink to={href.home()} variant="primary" size="lg" icon={<HomeIcon size={18} />}>
            Go Home
          </ButtonLink>
          <ButtonLink to={href.browse()} size="lg" icon={<SearchIcon size={18} />}>
            Browse Cars
          </ButtonLink>
        </div>
      </div>
    </div>
  );
}
