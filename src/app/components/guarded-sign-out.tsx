// Signing out clears this device's copy of the user's data, so it asks first when some of it has not
// synced. Used by the top bar, the mobile menu and /account.
import { useState } from 'react';
import { loadAuthActions, AuthFailure, authStore } from '@/features/auth';
import { Button, Dialog } from '@/shared/ui';

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
export function useGuardedSignOut() {
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
