import { useEffect, useMemo } from 'react';
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

export function App() {
  const router = useMemo(() => createBrowserRouter(routes), []);
  useSessionTimeout();
  useAuthPhaseAttribute();
  useGlobalErrorToasts();
  return (
    <AppShell>
      <RouterProvider router={router} />
    </AppShell>
  );
}
