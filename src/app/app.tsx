import { useMemo } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { Toaster } from '@/shared/ui';
import { useSessionTimeout } from '@/features/auth';
import { AppErrorBoundary } from './errors/app-error-boundary';
import { routes } from './route-table';
import { useGlobalErrorToasts } from './global-errors';

export function App() {
  const router = useMemo(() => createBrowserRouter(routes), []);
  useSessionTimeout();
  useGlobalErrorToasts();
  return (
    <>
      <AppErrorBoundary>
        <RouterProvider router={router} />
      </AppErrorBoundary>
      <Toaster />
    </>
  );
}
