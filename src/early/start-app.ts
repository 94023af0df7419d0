// The app's start, the head script's last job: the build leaves the app's entry and preloads inert in the
// HTML (vite-plugins/prerender-home.ts), so nothing competes with the first paint; they are made real here,
// once the first contentful paint is on screen (and, on a listing link, once its early view is drawn).

/** Longest wait for a paint the app's code waits for (a background tab paints nothing). */
export const SAFETY_MS = 3000;

/** Fetches and runs the app; on a listing link its screen's code too. */
export function startApp(listingLink: boolean): void {
  const inert = document.querySelector<HTMLScriptElement>('script[data-app-entry]');
  if (inert) {
    const entry = document.createElement('script');
    entry.type = 'module';
    entry.crossOrigin = '';
    entry.src = inert.src;
    document.head.append(entry);
  }
  const links = [...document.querySelectorAll<HTMLLinkElement>('link[rel="app-modulepreload"]')];
  const app = links.map((link) => preloadOf(link.href, 'modulepreload'));
  // On a listing link the screen's files first, in the entry's task: the first render needs them as much as
  // the app's, and queued behind two batches of the app's (two tasks later) they were asked for as the entry
  // finished downloading, or after (listing-link.spec.ts).
  if (listingLink && inert) appendInBatches([...routePreloads('listing'), ...app]);
  // A screen's own page (marketplace.html at /marketplace): its code beside the app's, not once the app's has run.
  else appendInBatches(ownScreen() ? [...app, ...routePreloads('screen')] : app);
}

/** The address is the one the page's prerendered screen is for (not another path served the same HTML). */
const ownScreen = () => document.documentElement.dataset.prerenderedPath === window.location.pathname;

/**
 * A <link> asking for one file: a module (modulepreload) or a stylesheet (preload as style). At low priority: a
 * search tapped on the early view while some fifty of these are queued (six connections to a host over HTTP/1.1)
 * goes before them, where it waited 600-800 ms at 150 ms RTT (bench:scale's session, search 1).
 */
function preloadOf(href: string, rel: 'modulepreload' | 'style'): HTMLLinkElement {
  const preload = document.createElement('link');
  preload.rel = rel === 'style' ? 'preload' : 'modulepreload';
  if (rel === 'style') preload.as = 'style';
  preload.crossOrigin = '';
  preload.fetchPriority = 'low';
  preload.href = href;
  return preload;
}

/** Preloads put in the head per task: each one starts a request on the main thread. */
export const PRELOADS_PER_TASK = 8;

/**
 * Puts the preloads in the head a few per task: all 40-odd in one task made a task of 60-90 ms at Lighthouse's
 * 4x CPU right after the first paint (each inserted preload starts its request there and then), counted by
 * Total Blocking Time. The requests still all start within a few tasks, before the entry needs them.
 */
export function appendInBatches(preloads: readonly HTMLLinkElement[], perTask = PRELOADS_PER_TASK): void {
  const batch = document.createDocumentFragment();
  batch.append(...preloads.slice(0, perTask));
  document.head.append(batch);
  if (preloads.length > perTask) setTimeout(() => appendInBatches(preloads.slice(perTask), perTask), 0);
}

/** A screen's chunks and stylesheets (the build lists them, inert, in the HTML): the listing's, or the page's own. */
function routePreloads(route: 'listing' | 'screen'): HTMLLinkElement[] {
  const links = document.querySelectorAll<HTMLLinkElement>(`link[rel="app-route-preload"][data-route="${route}"]`);
  return [...links].map((link) => preloadOf(link.href, link.dataset.as === 'style' ? 'style' : 'modulepreload'));
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
