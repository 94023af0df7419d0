import { lazy, Suspense } from 'react';
import { Outlet, useSearchParams } from 'react-router-dom';
import { Footer, MAIN_CONTENT_ID, SkipLink, TopNav } from '@/features/layout';
import { loadAuthActions, useAuth, AuthFailure } from '@/features/auth';
import { ButtonLink, EmptyState, Sheet, BellIcon } from '@/shared/ui';
import { setNotificationsOpen, useShell } from '../shell-store';

// Both pull in Dexie and the sync client: loaded after first paint, off the critical path.
const SyncStatusBadge = lazy(() => import('@/features/sync-status').then((m) => ({ default: m.SyncStatusBadge })));
const UnreadBridge = lazy(() => import('../components/unread-bridge'));

async function signOut(): Promise<void> {
  const actions = await loadAuthActions().catch((e: unknown) => {
    throw new AuthFailure('Unable to connect to authentication service. Please try again.', e);
  });
  await actions.signOut();
}

/** Test hook: `?__throw=app` crashes the layout itself, to exercise the app-wide error screen. */
function useAppThrowProbe(): void {
  const [params] = useSearchParams();
  if (params.get('__throw') === 'app') throw new Error('Test error requested by ?__throw=app');
}

/** Top navigation + content + footer: the chrome of every screen except auth and not-found. */
export function MainLayout() {
  useAppThrowProbe();
  const signedIn = useAuth((s) => Boolean(s.user));
  const isAdmin = useAuth((s) => s.isAdmin);
  const loading = useAuth((s) => s.loading);
  const unreadCount = useShell((s) => s.unreadCount);
  const notificationsOpen = useShell((s) => s.notificationsOpen);

  return (
    <>
      <SkipLink />
      <TopNav
        viewer={{ signedIn, isAdmin }}
        authLoading={loading}
        onSignOut={signOut}
        unreadCount={unreadCount}
        onOpenNotifications={() => setNotificationsOpen(true)}
        notificationsOpen={notificationsOpen}
        statusSlot={
          <Suspense fallback={null}>
            <SyncStatusBadge />
          </Suspense>
        }
      />
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className="app-main">
        <Outlet />
      </main>
      <Footer />
      {signedIn && (
        <Suspense fallback={null}>
          <UnreadBridge />
        </Suspense>
      )}
      {/* The notifications issue replaces this sheet's body with the live panel and settings. */}
      <Sheet open={notificationsOpen && signedIn} onOpenChange={setNotificationsOpen} title="Notifications">
        <EmptyState
          headingLevel="h3"
          icon={<BellIcon />}
          title="No notifications yet"
          description="We'll notify you about price drops, new matches, and updates."
          actions={
            <ButtonLink to="/account" variant="primary" onClick={() => setNotificationsOpen(false)}>
              Set up notifications
            </ButtonLink>
          }
        />
      </Sheet>
    </>
  );
}
