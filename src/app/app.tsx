import { useEffect } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { authStore, useSessionTimeout, type AuthState } from '@/features/auth';
import { routes } from './route-table';
import { useGlobalErrorToasts } from './global-errors';
import { AppShell } from './app-shell';

// Mirrors the auth phase onto <html data-auth> so tests and styles can tell when it has settled.
function authPhase(s: AuthState): string {
  if (s.loading) return 'loading';
  return s.user ? (s.isAdmin ? 'admin' : 'signed-in') : 'signed-out';
}

function useAuthPhaseAttribute(): void {
  useEffect(() => {
    const apply = (s: AuthState) => {
      document.documentElement.dataset.auth = authPhase(s);
    };
    apply(authStore.getState());
    return authStore.subscribe(apply);
  }, []);
}

/** The app's router (it reads the address and starts loading the matched route's lazy chunks at once). */
export type AppRouter = ReturnType<typeof createBrowserRouter>;

/**
 * Makes the router. startApp() calls it in a task before the first render's: it matches the address against
 * the whole route table (ranking every branch), 5-15 ms at 1x CPU, which inside the first render was one
 * component's render, a piece React's time slicing cannot cut.
 */
export function createAppRouter(): AppRouter {
  return createBrowserRouter(routes);
}

export function App({ router }: { router: AppRouter }) {
  useSessionTimeout();
  useAuthPhaseAttribute();
  useGlobalErrorToasts();
  return (
    <AppShell>
      <RouterProvider router={router} />
    </AppShell>
  );
}
