import { lazy, type ComponentType } from 'react';

// The home screen is a lazy chunk like every route. The build-time prerender loads it first and renders
// it directly; in the browser the prerendered HTML stays in place (hydration keeps a suspended
// boundary's server HTML) until the chunk arrives, so nothing flashes or shifts.
const load = () => import('./routes/home');
const LazyHome = lazy(load);
let loaded: ComponentType | null = null;

export async function preloadHomeRoute(): Promise<void> {
  loaded = (await load()).default;
}

export function HomeRoute() {
  const Screen = loaded ?? LazyHome;
  return <Screen />;
}
