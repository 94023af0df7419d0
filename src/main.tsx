import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@/shared/ui/tokens.css';
import '@/shared/ui/base.css';
import '@/shared/ui/components.css';
import '@/features/layout/layout.css';
import '@/app/app.css';
import { App } from '@/app/app';
import { preloadHomeRoute } from '@/app/home-route';
import { keepFocusAcrossTakeover } from '@/app/prerender/keep-focus';
import { loadAuthActions } from '@/features/auth';
import { registerServiceWorker } from '@/app/sw-register';
import { applyStoredAccessibility } from '@/features/accessibility';
import { captureInstallPrompt } from '@/features/install';

// Before the first render: the stored accessibility settings (theme, contrast, font size) go on
// <html> now, so the first paint already has them (the CSP forbids an inline script in index.html).
applyStoredAccessibility();
// The browser fires beforeinstallprompt once, early: listen before anything else can miss it.
captureInstallPrompt();

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

// index.html holds the prerendered home page: load its chunk first, so the first render draws the
// same page over it instead of a loading fallback.
const prerendered = container.dataset.prerendered === 'home' && window.location.pathname === '/';
if (prerendered) keepFocusAcrossTakeover(container);
void (prerendered ? preloadHomeRoute().catch(() => undefined) : Promise.resolve()).then(() => {
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});

// After first paint: Supabase auth, then the sync worker, then the service worker. Each is its own
// chunk so the first screen does not wait for them.
const afterPaint = (fn: () => void) => requestAnimationFrame(() => setTimeout(fn, 0));
// The catalogue download (the sync worker's first pull) waits for the load event and an idle moment,
// so it does not compete with the first screen; the sync badge shows its progress.
const afterLoadAndIdle = (fn: () => void) => {
  const idle = () =>
    'requestIdleCallback' in window ? requestIdleCallback(fn, { timeout: 2000 }) : setTimeout(fn, 200);
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
};
afterLoadAndIdle(() => void import('@/sync').then((m) => m.startSync()));
afterPaint(() => {
  void loadAuthActions().then((m) => m.initAuth());
  registerServiceWorker();
  void import('@/features/performance').then((m) => m.startPerformanceMonitoring());
});
