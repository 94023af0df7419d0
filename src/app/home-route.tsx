import { lazyWithPreload } from '@/shared/lib/lazy-with-preload';

// The home screen is a lazy chunk like every route. The build-time prerender loads it first and renders
// it directly; in the browser the prerendered HTML stays in place (hydration keeps a suspended
// boundary's server HTML) until the chunk arrives, so nothing flashes or shifts.
export const HomeRoute = lazyWithPreload(() => import('./routes/home').then((m) => m.default));

export async function preloadHomeRoute(): Promise<void> {
  await HomeRoute.preload();
}
