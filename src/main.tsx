import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@/shared/ui/tokens.css';
import '@/shared/ui/base.css';
import '@/shared/ui/components.css';
import '@/features/layout/layout.css';
import '@/app/app.css';
import { App } from '@/app/app';
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

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

// After first paint: Supabase auth, then the sync worker, then the service worker. Each is its own
// chunk so the first screen does not wait for them.
const afterPaint = (fn: () => void) => requestAnimationFrame(() => setTimeout(fn, 0));
afterPaint(() => {
  void loadAuthActions().then((m) => m.initAuth());
  void import('@/sync').then((m) => m.startSync());
  registerServiceWorker();
  void import('@/features/performance').then((m) => m.startPerformanceMonitoring());
});
