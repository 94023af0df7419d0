import { Workbox } from 'workbox-window';
import { toast } from '@/shared/ui/toast-store';

/** Registers /sw.js and offers a reload when a new version is waiting (SPEC §2 overlays, §8). */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator) || !import.meta.env.PROD) return;
  const wb = new Workbox('/sw.js', { scope: '/' });
  wb.addEventListener('waiting', () => {
    toast({
      title: 'New version available! Reload to update?',
      duration: Infinity,
      action: {
        label: 'Reload',
        onClick: () => {
          wb.addEventListener('controlling', () => window.location.reload());
          wb.messageSkipWaiting();
        },
      },
    });
  });
  wb.register().catch(() => {
    // No service worker (private mode, insecure origin): the app still works online.
  });
}
