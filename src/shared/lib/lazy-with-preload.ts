import { createElement, lazy, useState, type ComponentType } from 'react';

/**
 * React.lazy that can be loaded ahead of its first render. Once `preload()` has settled, the component
 * renders at once instead of suspending for a frame (React.lazy always suspends on its first render,
 * even when its module is already loaded), so a screen rendered over its own prerendered HTML does not
 * blink this part out and back in.
 */
export function lazyWithPreload<P extends object>(
  load: () => Promise<ComponentType<P>>,
): ComponentType<P> & { preload: () => Promise<unknown> } {
  let loaded: ComponentType<P> | null = null;
  let pending: Promise<ComponentType<P>> | null = null;
  const preload = () =>
    (pending ??= load().then((component) => {
      loaded = component;
      return component;
    }));
  const Lazy = lazy(() => preload().then((component) => ({ default: component })));
  // Chosen once per mount: switching from Lazy to the loaded component later would remount the subtree.
  const Preloadable = (props: P) => {
    const [Component] = useState(() => (loaded ?? Lazy) as ComponentType<P>);
    return createElement(Component, props);
  };
  return Object.assign(Preloadable, { preload });
}
