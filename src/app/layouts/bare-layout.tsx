import { Outlet } from 'react-router-dom';
import { MAIN_CONTENT_ID, SkipLink } from '@/features/layout';

/** No navigation and no footer: /auth, /password-reset and the not-found screen. */
export function BareLayout() {
  return (
    <>
      <SkipLink />
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className="app-main">
        <Outlet />
      </main>
    </>
  );
}
