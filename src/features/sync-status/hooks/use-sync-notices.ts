import { useEffect } from 'react';
import { onSyncEvent } from '@/sync';
import { toast } from '@/shared/ui/toast-store';

export const NOTICES = {
  offline: {
    title: 'No Connection',
    description: 'You are offline. Changes are saved on this device and sync when you reconnect.',
  },
  online: { title: 'Back Online', description: 'Your changes are syncing.' },
  syncFailed: 'Some changes could not be saved. Open the sync status to retry or discard them.',
} as const;

/** The spec's connection and sync notices (SPEC §8): shown by the tab the user is looking at. */
export function useSyncNotices(): void {
  useEffect(() => {
    const offline = () => toast({ ...NOTICES.offline, variant: 'destructive' });
    const online = () => toast({ ...NOTICES.online, variant: 'success' });
    window.addEventListener('offline', offline);
    window.addEventListener('online', online);
    let lastErrorAt = 0;
    const off = onSyncEvent((event) => {
      if (document.visibilityState === 'hidden') return;
      if (event.type === 'sync-failed') {
        toast({ title: 'Sync Failed', description: NOTICES.syncFailed, variant: 'destructive' });
      } else if (event.type === 'sync-error' && event.kind === 'push' && Date.now() - lastErrorAt > 15_000) {
        // Only failed uploads toast (the user's changes are waiting); other problems are listed in the card.
        // One 'Sync Error' per burst of retries, not one per try.
        lastErrorAt = Date.now();
        toast({ title: 'Sync Error', description: event.message, variant: 'destructive' });
      }
    });
    return () => {
      window.removeEventListener('offline', offline);
      window.removeEventListener('online', online);
      off();
    };
  }, []);
}
