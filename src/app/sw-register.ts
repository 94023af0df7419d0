import { Workbox } from 'workbox-window';
import { toast } from '@/shared/ui/toast-store';

const ACTIVATION_WAIT_MS = 3000;

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
          // Chromium can hold the activation while it restarts the old worker (seen about 1 in 10 times mid-download);
          // a reload lets the waiting version take over as the old one loses its last page.
          const fallback = setTimeout(() => window.location.reload(), ACTIVATION_WAIT_MS);
          wb.addEventListener('controlling', () => {
            clearTimeout(fallback);
            window.location.reload();
          });
          wb.messageSkipWaiting();
        },
      },
    });
  });
  wb.register().catch(() => {
    // No service worker (private mode, insecure origin): the app still works online.
  });
}
