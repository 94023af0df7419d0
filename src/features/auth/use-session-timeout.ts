import { useEffect } from 'react';
import { toast } from '@/shared/ui/toast-store';
import { watchInactivity } from './inactivity';
import { useAuth } from './state';

/** While signed in, signs the user out after 60 idle minutes, warning at 55 (SPEC §4, §8). */
export function useSessionTimeout(): void {
  const userId = useAuth((s) => s.user?.id ?? null);
  useEffect(() => {
    if (!userId) return;
    return watchInactivity(window, {
      onWarn: () =>
        toast({
          title: 'Session Expiring Soon',
          description: 'Your session will expire in 5 minutes due to inactivity.',
          duration: 5 * 60_000,
        }),
      onExpire: () => {
        void import('./store')
          .then((m) => m.forceSignOut())
          .then(() =>
            toast({
              title: 'Session Expired',
              description: "You've been signed out due to inactivity.",
              variant: 'destructive',
              duration: Infinity,
            }),
          );
      },
    });
  }, [userId]);
}
