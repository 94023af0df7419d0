import { useEffect, useRef, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useAuth } from '@/features/auth';
import { href } from '@/shared/lib/routes';
import { LoadingBlock, toast, type ToastInput } from '@/shared/ui';

/** Where a refused visitor goes, and what they are told there (a toast outlives the navigation). */
function useSendAway(to: string | null, notice: ToastInput) {
  const navigate = useNavigate();
  const sent = useRef(false);
  useEffect(() => {
    if (!to || sent.current) return;
    sent.current = true;
    toast(notice);
    navigate(to, { replace: true });
    // `notice` is a fresh object each render; `to` decides.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [to, navigate]);
}

/**
 * Admin routes: wait for auth (and the admin check) to settle, then let admins in. A signed-out visitor is
 * asked to sign in and comes back here afterwards; a signed-in non-admin goes to / and is told why.
 */
export function AdminGuard({ children }: { children: ReactNode }) {
  const loading = useAuth((s) => s.loading);
  const hasUser = useAuth((s) => Boolean(s.user));
  const adminChecked = useAuth((s) => s.adminChecked);
  const isAdmin = useAuth((s) => s.isAdmin);
  const { pathname, search } = useLocation();
  const settled = !loading && (!hasUser || adminChecked);
  const refused = settled && !isAdmin;
  useSendAway(
    refused ? (hasUser ? href.home() : href.auth({ redirect: pathname + search })) : null,
    hasUser
      ? {
          title: 'Admins only',
          description: 'Your account does not have admin access, so you were brought back to the home page.',
        }
      : {
          title: 'Please sign in',
          description: 'The admin area needs an admin account. Sign in and you will be taken back to it.',
        },
  );
  if (!settled) return <LoadingBlock label="Checking your access…" />;
  if (refused) return <LoadingBlock label="Taking you elsewhere…" />;
  return <>{children}</>;
}
