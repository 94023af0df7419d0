import { useAuth } from '@/features/auth';
import type { Viewer } from '@/shared/lib/viewer';

/** Who is looking, for features that may not import the auth feature (enquiries, dealer hub). */

export function useViewer(): Viewer {
  const loading = useAuth((s) => s.loading);
  const user = useAuth((s) => s.user);
  if (user) {
    const meta = (user.user_metadata ?? {}) as { full_name?: unknown; name?: unknown };
    const name = typeof meta.full_name === 'string' ? meta.full_name : typeof meta.name === 'string' ? meta.name : '';
    return { status: 'signed-in', userId: user.id, name, email: user.email ?? '' };
  }
  return loading ? { status: 'loading' } : { status: 'signed-out' };
}
