import { useEffect, type ReactNode } from 'react';
import { replayEarlyClicks } from '@/early';
import { Toaster } from '@/shared/ui';
import { ConsentOverlays } from '@/features/consent';
import { AccessibilityPanel } from '@/features/accessibility';
import { AppErrorBoundary } from './errors/app-error-boundary';
import { AfterHydration } from './after-hydration';

/** The router (browser or, at build time, static) inside the app's error boundary, and the overlays. */
export function AppShell({ children }: { children: ReactNode }) {
  // Runs once the tree is hydrated: buttons tapped on the prerendered page before then get their tap.
  useEffect(replayEarlyClicks, []);
  return (
    <>
      <AppErrorBoundary>{children}</AppErrorBoundary>
      <ConsentOverlays />
      <AfterHydration>
        <AccessibilityPanel />
        <Toaster />
      </AfterHydration>
    </>
  );
}
