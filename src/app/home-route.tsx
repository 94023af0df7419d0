import { lazy, type ComponentType } from 'react';

// The home screen is a lazy chunk like every route, but when index.html holds its prerendered HTML
// main.tsx loads it before the first render: rendering it directly (not through lazy's Suspense
// fallback) lets React replace the prerendered DOM with identical DOM, so nothing flashes or shifts.
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
