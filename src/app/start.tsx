// The app's start, run by src/main.tsx once React DOM and the local store have been evaluated (each in
// a task of its own): hydrate or render the page, then the start-up work that can wait for the first paint.
import { startTransition, StrictMode, useLayoutEffect, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App, createAppRouter } from '@/app/app';
import { preloadHomeRoute } from '@/app/home-route';
import { PRERENDERED_SCREENS, preloadListingScreen } from '@/app/route-table';
import { listingIdOfPath, whenEarlyListingRow } from '@/early';
import { afterNextPaint } from '@/shared/lib/after-next-paint';
import { MAX_HOLD_MS, whenSearchesQuiet, type QuietOptions } from '@/shared/lib/search-quiet';
import { FOREGROUND_MAX_HOLD_MS, QUIET_MS } from '@/sync/foreground-notice';
import { startAfterChunk } from '@/shared/lib/start-after-chunk';
import { preloadMainLayout } from '@/app/layouts/main-layout';
import { loadAuthActions } from '@/features/auth';
import { registerServiceWorker } from '@/app/sw-register';
import { watchMarketSearches } from '@/app/search-ahead';
import { applyStoredAccessibility } from '@/features/accessibility';
import { captureInstallPrompt } from '@/features/install';

/** Longest wait for a shared listing link's early answer before the first render. */
const EARLY_ROW_WAIT_MS = 3000;
/** The sync worker starts once the searches pause as long as its catalogue pull waits for (sync/foreground.ts). */
const SYNC_HOLD = { pauseMs: QUIET_MS, maxHoldMs: FOREGROUND_MAX_HOLD_MS };
/** Longest wait for the first commit before the start-up work below begins anyway. */
const FIRST_COMMIT_WAIT_MS = 10_000;

/**
 * Runs once the first render is in the DOM, before the browser paints it. A wrapper, not a sibling beside
 * <App />: a sibling would shift the ids useId gives (they follow the tree's shape), so when hydrating the
 * client's would no longer match the prerendered HTML's (a dialog's aria-labelledby, kept from the HTML,
 * would name nothing).
 */
function Committed({ run, children }: { run: () => void; children: ReactNode }) {
  useLayoutEffect(run, [run]);
  return children;
}

/** Hydrates or renders the page, then schedules auth, the sync worker and the service worker. */
export function startApp(): void {
  // Before the first render: the stored accessibility settings (theme, contrast, font size) go on
  // <html> now, so the first paint already has them (the CSP forbids an inline script in index.html).
  applyStoredAccessibility();
  // The browser fires beforeinstallprompt once, early: listen before anything else can miss it.
  captureInstallPrompt();

  // The start-up work (auth, the sync worker, the service worker) begins once the first render is committed.
  // Before, auth's answer (or the sync status) could land while the first render was still being worked on
  // in slices: a store that useSyncExternalStore reads changing under a concurrent render makes React redo
  // the whole render synchronously, in one long task.
  let firstCommit = () => {};
  const committed = new Promise<void>((resolve) => {
    firstCommit = resolve;
    setTimeout(resolve, FIRST_COMMIT_WAIT_MS);
  });

  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  // The router in this task, the first render in a later one (createAppRouter).
  const router = createAppRouter();
  // A marketplace search's request leaves as its navigation begins, not once the screen has rendered it.
  watchMarketSearches(router);
  const nextTask = (fn: () => void) => setTimeout(fn, 0);

  // index.html holds the prerendered home page, hydrated here. Hydration keeps the HTML's nodes (so the
  // first paint stays the largest one, and keyboard focus stays where it is); a mismatch makes React
  // render the tree anew, which works but is reported as a recoverable error.
  const prerendered = container.dataset.prerendered === 'home' && window.location.pathname === '/';

  /** The page is the app's now: the prerendered HTML's markers go (CSS and tests read them). */
  const ownPage = () => {
    delete container.dataset.prerendered;
    delete document.documentElement.dataset.deepLink;
    delete document.documentElement.dataset.earlyView;
    firstCommit();
  };

  // Both the hydration and the first client render run as transitions: React then works in slices of a
  // few milliseconds, yielding to the browser between them, instead of one task of 50-100 ms (on a phone,
  // several times that) during which a tap on the page would wait. The HTML stays on show meanwhile, and
  // the new tree replaces it in one commit.
  if (prerendered) {
    // The header and the cookie banner answer clicks while hydration runs: React hydrates the clicked part
    // first. The home route's own chunk hydrates its part of the page when it arrives (selective hydration).
    // Only a head start: a failed preload is retried by the route's own lazy load, which the error boundary covers.
    void preloadHomeRoute().catch(() => undefined);
    // The header's lazy parts (the sync badge) first: a boundary still waiting for its chunk when the header
    // updates is rendered anew, showing its fallback (nothing) until the chunk comes, and the icons slide.
    const hydrate = () =>
      nextTask(() =>
        startTransition(() => {
          hydrateRoot(
            container,
            <StrictMode>
              <Committed run={firstCommit}>
                <App router={router} />
              </Committed>
            </StrictMode>,
            {
              // A lazy part of the header (e.g. the sync badge) rendering on the client only is expected (#419).
              onRecoverableError: (error) => {
                if (!/#419|server rendering aborted/.test(String(error))) console.warn('Hydration:', error);
              },
            },
          );
        }),
      );
    void preloadMainLayout().then(hydrate, hydrate);
  } else {
    // Any other address: the client's screen replaces the prerendered HTML in one commit, so no frame shows
    // anything between the two. If the HTML holds this very screen (its own prerendered file, e.g.
    // marketplace.html), it stays on show until the screen's chunk has loaded, so the page does not blink
    // through the loading fallback; otherwise (a deep link into index.html) CSS hides the home content.
    const render = () => {
      const root = createRoot(container);
      startTransition(() =>
        root.render(
          <StrictMode>
            <Committed run={ownPage}>
              <App router={router} />
            </Committed>
          </StrictMode>,
        ),
      );
    };
    const path = window.location.pathname;
    const own =
      document.documentElement.dataset.prerenderedPath === path
        ? PRERENDERED_SCREENS.find((s) => s.path === path)
        : undefined;
    // A shared listing link's first visit: the head script asked for the car and draws its top from the
    // answer (src/early/listing-view-script.ts). The first render waits for that answer and the screen's
    // chunk, so it shows the same top (ListingLayout) in the same place rather than a loading block.
    // A slow answer holds the app back EARLY_ROW_WAIT_MS at most (the screen then asks on its own).
    const listingId = listingIdOfPath(path);
    const answer = listingId ? whenEarlyListingRow(listingId) : null;
    const earlyRow = answer && Promise.race([answer, new Promise((r) => setTimeout(r, EARLY_ROW_WAIT_MS))]);
    // The app's first commit is one long task: a search tapped on the early view is drawn before it.
    const renderWhenQuiet = () => whenSearchesQuiet(render);
    if (own) void Promise.all([own.load(), preloadMainLayout()]).then(renderWhenQuiet, renderWhenQuiet);
    else if (earlyRow) void Promise.all([earlyRow, preloadListingScreen(), preloadMainLayout()]).then(render, render);
    else nextTask(render);
  }

  // After first paint: Supabase auth, then the sync worker, then the service worker. Each is its own
  // chunk so the first screen does not wait for them.
  // The catalogue download (the sync worker's first pull) waits for the load event and an idle moment,
  // so it does not compete with the first screen; the sync badge shows its progress.
  const afterLoadAndIdle = (fn: () => void) => {
    const idle = () =>
      'requestIdleCallback' in window ? requestIdleCallback(fn, { timeout: 2000 }) : setTimeout(fn, 200);
    if (document.readyState === 'complete') idle();
    else window.addEventListener('load', idle, { once: true });
  };
  // Each chunk's start in a task after the one that evaluates the chunk (startAfterChunk). Each also waits for
  // the cards of a search in flight, both before its chunk is asked for and once it has arrived (a search tapped
  // meanwhile): a shopper searching as the app takes over sees results first.
  // The hold is one budget for both waits.
  const whenQuiet = <M,>(chunk: () => Promise<M>, start: (module: M) => unknown, hold: QuietOptions = {}) => {
    const until = performance.now() + (hold.maxHoldMs ?? MAX_HOLD_MS);
    const left = () => ({ ...hold, maxHoldMs: Math.max(0, until - performance.now()) });
    whenSearchesQuiet(() => startAfterChunk(chunk(), (m) => whenSearchesQuiet(() => start(m), left())), hold);
  };
  void committed.then(() => {
    // The sync worker's start (its boot, first status and catalogue counts) spills into the next tap's frames:
    // it waits for the shopper to pause as long as the catalogue download does (sync/foreground.ts).
    afterLoadAndIdle(() =>
      whenQuiet(
        () => import('@/sync'),
        (m) => m.startSync(),
        SYNC_HOLD,
      ),
    );
    afterNextPaint(() => {
      whenQuiet(loadAuthActions, (m) => m.initAuth());
      whenSearchesQuiet(registerServiceWorker);
      whenQuiet(
        () => import('@/features/performance'),
        (m) => m.startPerformanceMonitoring(),
      );
    });
  });
}
