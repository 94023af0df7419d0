import { lazy, Suspense, useState } from 'react';
import { Outlet, useSearchParams } from 'react-router-dom';
import { Footer, MAIN_CONTENT_ID, SkipLink, TopNav } from '@/features/layout';
import { loadAuthActions, useAuth, AuthFailure, authStore } from '@/features/auth';
import { Button, ButtonLink, Dialog, EmptyState, Sheet, BellIcon } from '@/shared/ui';
import { setNotificationsOpen, useShell } from '../shell-store';
import { AccessibilityButton, RouteAnnouncer } from '@/features/accessibility';
import { openConsentDialog } from '@/features/consent';

// Both pull in Dexie and the sync client: loaded after first paint, off the critical path.
const SyncStatusBadge = lazy(() => import('@/features/sync-status').then((m) => ({ default: m.SyncStatusBadge })));
const UnreadBridge = lazy(() => import('../components/unread-bridge'));

async function signOut(): Promise<void> {
  const actions = await loadAuthActions().catch((e: unknown) => {
    throw new AuthFailure('Unable to connect to authentication service. Please try again.', e);
  });
  await actions.signOut();
}

/** Unsynced changes of the signed-in user (0 if the sync layer cannot tell). */
async function pendingChanges(): Promise<number> {
  try {
    const { pendingCountForUser } = await import('@/sync');
    return await pendingCountForUser(authStore.getState().user?.id ?? null);
  } catch {
    return 0;
  }
}

/** Signing out clears this device's copy of the user's data: warn first if some of it is unsynced. */
function useGuardedSignOut() {
  const [ask, setAsk] = useState<{ count: number; answer: (ok: boolean) => void } | null>(null);
  const run = async (): Promise<boolean> => {
    const count = await pendingChanges();
    if (count > 0) {
      const ok = await new Promise<boolean>((answer) => setAsk({ count, answer }));
      setAsk(null);
      if (!ok) return false;
    }
    await signOut();
    return true;
  };
  const dialog = (
    <Dialog
      open={ask !== null}
      onOpenChange={(open) => {
        if (!open) ask?.answer(false);
      }}
      title="Sign out with unsynced changes?"
      description={
        ask
          ? `${ask.count} change${ask.count === 1 ? " hasn't" : "s haven't"} reached the server yet. Signing out now removes ${ask.count === 1 ? 'it' : 'them'} from this device.`
          : undefined
      }
      footer={
        <>
          <Button onClick={() => ask?.answer(false)}>Stay signed in</Button>
          <Button variant="danger" onClick={() => ask?.answer(true)}>
            Sign out anyway
          </Button>
        </>
      }
    />
  );
  return { run, dialog };
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
  const guardedSignOut = useGuardedSignOut();

  return (
    <>
      <SkipLink />
      <TopNav
        viewer={{ signedIn, isAdmin }}
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
