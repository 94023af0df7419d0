import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { useAuth } from '@/features/auth';
import { LoadingBlock } from '@/shared/ui';

/** Admin routes: wait for auth (and the admin check) to settle, then let admins in and send others to /. */
export function AdminGuard({ children }: { children: ReactNode }) {
  const loading = useAuth((s) => s.loading);
  const hasUser = useAuth((s) => Boolean(s.user));
  const adminChecked = useAuth((s) => s.adminChecked);
  const isAdmin = useAuth((s) => s.isAdmin);
  if (loading || (hasUser && !adminChecked)) return <LoadingBlock label="Checking your access…" />;
  if (!isAdmin) return <Navigate to="/" replace />;
  return <>{children}</>;
}
