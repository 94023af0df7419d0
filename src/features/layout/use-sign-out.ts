import { useNavigate } from 'react-router-dom';
import { toast } from '@/shared/ui/toast-store';
import { layoutStore, setMenuOpen, setSigningOut, useLayout } from './store';

/**
 * Sign-out as the nav runs it: 'Signing Out...' and disabled while in flight; on failure an auth
 * error toast and the button comes back. `onSignOut` must throw errors whose message is user-safe,
 * and resolves false when the user backed out (e.g. kept unsynced changes).
 */
export function useSignOutAction(onSignOut: () => Promise<boolean | void>): {
  signingOut: boolean;
  signOut: () => Promise<void>;
} {
  const signingOut = useLayout((s) => s.signingOut);
  const navigate = useNavigate();
  const signOut = async () => {
    if (layoutStore.getState().signingOut) return;
    setSigningOut(true);
    try {
      const done = await onSignOut();
      if (done === false) return;
      setMenuOpen(false);
      navigate('/');
    } catch (err) {
      toast({
        title: 'Sign out failed',
        description: err instanceof Error && err.message ? err.message : 'An error occurred during authentication',
        variant: 'destructive',
      });
    } finally {
      setSigningOut(false);
    }
  };
  return { signingOut, signOut };
}
