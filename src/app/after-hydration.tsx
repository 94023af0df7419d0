import type { ReactNode } from 'react';
import { useHydrated } from '@/shared/lib/use-hydrated';

/**
 * Renders its children only on the client, after hydration: the prerendered home page has no toasts,
 * install prompt or panels (they depend on this browser's storage), and rendering them during
 * hydration would not match the HTML and make React throw the prerendered tree away.
 */
export function AfterHydration({ children }: { children: ReactNode }) {
  return useHydrated() ? children : null;
}
