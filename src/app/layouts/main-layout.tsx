import { lazy, Suspense } from 'react';
import { Outlet, useSearchParams } from 'react-router-dom';
import { Footer, MAIN_CONTENT_ID, SkipLink, TopNav } from '@/features/layout';
import { useAuth } from '@/features/auth';
import { LoadingBlock, Sheet } from '@/shared/ui';
import { lazyWithPreload } from '@/shared/lib/lazy-with-preload';
import { useGuardedSignOut } from '../components/guarded-sign-out';
import { setNotificationsOpen, useShell } from '../shell-store';
import { AccessibilityButton, RouteAnnouncer } from '@/features/accessibility';
import { openConsentDialog } from '@/features/consent';
import { InstallPrompt } from '@/features/install';
import { AfterHydration } from '../after-hydration';

// Both pull in Dexie and the sync client: loaded after first paint, off the critical path.
const SyncStatusBadge = lazyWithPreload(() => import('@/features/sync-status').then((m) => m.SyncStatusBadge));

/** Loads the header's lazy parts, so a screen rendered over its prerendered HTML keeps its header whole. */
export const preloadMainLayout = (): Promise<unknown> => SyncStatusBadge.preload();
const UnreadBridge = lazy(() => import('../components/unread-bridge'));
const QuestionnaireMount = lazy(() => import('../components/questionnaire-mount'));
const NotificationsSheetBody = lazy(() => import('../components/notifications-sheet-body'));

/**
 * Test hook: `?__throw=app` crashes the layout itself, to exercise the app-wide error screen. Only
 * VITE_TEST_HOOKS=1 builds carry it: in the product any link with it would crash the app for its reader.
 */
function useAppThrowProbe(): void {
  const [params] = useSearchParams();
  if (params.get('__throw') === 'app') throw new Error('Test error requested by ?__throw=app');
}
const useTestThrowProbe = import.meta.env.VITE_TEST_HOOKS === '1' ? useAppThrowProbe : () => {};

/** Top navigation + content + footer: the chrome of every screen except auth and not-found. */
export function MainLayout() {
  useTestThrowProbe();
  const signedIn = useAuth((s) => Boolean(s.user));
  const isAdmin = useAuth((s) => s.isAdmin);
  const loading = useAuth((s) => s.loading);
  const unreadCount = useShell((s) => s.unreadCount);
  const isDealer = useShell((s) => s.isDealer);
  const notificationsOpen = useShell((s) => s.notificationsOpen);
  const guardedSignOut = useGuardedSignOut();

  return (
    <>
      <SkipLink />
      <TopNav
        viewer={{ signedIn, isAdmin, isDealer: signedIn && isDealer }}
        authLoading={loading}
        onSignOut={guardedSignOut.run}
        unreadCount={unreadCount}
        onOpenNotifications={() => setNotificationsOpen(true)}
        notificationsOpen={notificationsOpen}
        statusSlot={
          <>
            <AccessibilityButton />
            <Suspense fallback={null}>
              <SyncStatusBadge />
            </Suspense>
          </>
        }
      />
      {/* In the flow below the header: the install bar takes its own room and covers nothing. */}
      <AfterHydration>
        <InstallPrompt />
      </AfterHydration>
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className="app-main">
        <Outlet />
      </main>
      <Footer
        legalSlot={
          <button type="button" className="footer__link-button" onClick={openConsentDialog}>
            Cookie settings
          </button>
        }
      />
      <RouteAnnouncer />
      {guardedSignOut.dialog}
      {signedIn && (
        <Suspense fallback={null}>
          <UnreadBridge />
          <QuestionnaireMount />
        </Suspense>
      )}
      <Sheet open={notificationsOpen && signedIn} onOpenChange={setNotificationsOpen} title="Notifications">
        <Suspense fallback={<LoadingBlock label="Loading notifications..." />}>
          <NotificationsSheetBody />
        </Suspense>
      </Sheet>
    </>
  );
}
