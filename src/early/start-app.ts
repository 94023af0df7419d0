// The app's start, the head script's last job: the build leaves the app's entry and preloads inert in the
// HTML (vite-plugins/prerender-home.ts), so nothing competes with the first paint; they are made real here,
// once the first contentful paint is on screen (and, on a listing link, once its early view is drawn).

/** Longest wait for a paint the app's code waits for (a background tab paints nothing). */
export const SAFETY_MS = 3000;

/** Fetches and runs the app; on a listing link its screen's code too. */
export function startApp(listingLink: boolean): void {
  for (const link of document.querySelectorAll<HTMLLinkElement>('link[rel="app-modulepreload"]')) {
    const preload = document.createElement('link');
    preload.rel = 'modulepreload';
    preload.crossOrigin = '';
    preload.href = link.href;
    document.head.append(preload);
  }
  const inert = document.querySelector<HTMLScriptElement>('script[data-app-entry]');
  if (!inert) return;
  const entry = document.createElement('script');
  entry.type = 'module';
  entry.crossOrigin = '';
  entry.src = inert.src;
  document.head.append(entry);
  // Now rather than once the app has run and asked for it; in a task of its own, as each inserted preload
  // costs the main thread a little.
  if (listingLink) setTimeout(preloadListingScreen, 0);
}

/** Asks for the listing screen's chunks and stylesheets (the build lists them, inert, in the HTML). */
function preloadListingScreen(): void {
  for (const link of document.querySelectorAll<HTMLLinkElement>(
    'link[rel="app-route-preload"][data-route="listing"]',
  )) {
    const preload = document.createElement('link');
    preload.rel = link.dataset.as === 'style' ? 'preload' : 'modulepreload';
    if (link.dataset.as === 'style') preload.as = 'style';
    preload.crossOrigin = '';
    preload.href = link.href;
    document.head.append(preload);
  }
}

/**
 * Runs `fn` once the first contentful paint is on screen: the browser reports it (a 'paint' entry) only when
 * the frame has been presented, which can be well after the frame was drawn on a busy phone. A request
 * started between the two (e.g. at the next animation frame, as this did before) races the page's first
 * frame, and on a slow network each chunk that wins takes bandwidth from it; Lighthouse then also counts
 * it before the largest paint. Without paint timing, the next frame; and if no paint is reported (a tab
 * opened in the background paints nothing), after SAFETY_MS all the same.
 */
export function afterFirstContentfulPaint(fn: () => void): void {
  let done = false;
  let observer: PerformanceObserver | undefined;
  const run = () => {
    if (done) return;
    done = true;
    observer?.disconnect();
    setTimeout(fn, 0);
  };
  if (typeof PerformanceObserver !== 'undefined' && PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    observer = new PerformanceObserver((list) => {
      if (list.getEntries().some((e) => e.name === 'first-contentful-paint')) run();
    });
    observer.observe({ type: 'paint', buffered: true });
  } else requestAnimationFrame(run);
  setTimeout(run, SAFETY_MS);
}
