import { useSignOutAction } from '@/features/layout';
import { Button } from '@/shared/ui';
import { useGuardedSignOut } from './guarded-sign-out';

/** /account's Sign Out button: the same guarded sign-out as the top bar ('Signing Out...'). */
export function AccountSignOut() {
  const guarded = useGuardedSignOut();
  const { signingOut, signOut } = useSignOutAction(guarded.run);
  return (
    <div>
      <Button onClick={() => void signOut()} disabled={signingOut}>
        {signingOut ? 'Signing Out...' : 'Sign Out'}
      </Button>
      {guarded.dialog}
    </div>
  );
}
