// Browser notices that reach window 'error' / 'unhandledrejection' but are not the app failing: they must
// not toast "Something went wrong" nor be filed as error reports.
//   * ResizeObserver loop notices: Chromium reports a layout that settled a frame late (scrolling a list
//     whose rows resize) as an ErrorEvent with no error object. Nothing failed.
//   * An aborted request (AbortError): the app cancelled it on purpose, e.g. leaving a screen.
//   * "Failed to fetch" while the page unloads or the device is offline: the navigation (or the missing
//     connection, which the sync badge already shows) cut the request, not a bug.

const RESIZE_OBSERVER_LOOP = /^resizeobserver loop (completed with undelivered notifications|limit exceeded)/i;
const FETCH_CUT = /^(failed to fetch|networkerror when attempting to fetch resource|load failed|fetch failed)/i;

export interface PageConditions {
  /** The page is being left (pagehide / beforeunload fired). */
  unloading: boolean;
  /** navigator.onLine. */
  online: boolean;
}

function messageOf(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object' && typeof Reflect.get(value, 'message') === 'string')
    return String(Reflect.get(value, 'message'));
  return '';
}

function nameOf(value: unknown): string {
  return value && typeof value === 'object' && typeof Reflect.get(value, 'name') === 'string'
    ? String(Reflect.get(value, 'name'))
    : '';
}

/** Whether a thrown value (an ErrorEvent's error or message, a rejection's reason) is a benign notice. */
export function isBenignBrowserNotice(value: unknown, page: PageConditions): boolean {
  const message = messageOf(value).trim();
  if (RESIZE_OBSERVER_LOOP.test(message)) return true;
  if (nameOf(value) === 'AbortError') return true;
  if (FETCH_CUT.test(message) && (page.unloading || !page.online)) return true;
  return false;
}

let unloading = false;
let watching = false;

/** The page's current conditions; starts watching for the page being left on first use. */
export function currentPageConditions(): PageConditions {
  if (!watching && typeof window !== 'undefined') {
    watching = true;
    const leaving = () => {
      unloading = true;
    };
    window.addEventListener('pagehide', leaving);
    window.addEventListener('beforeunload', leaving);
    // Back from the back/forward cache: the page lives on.
    window.addEventListener('pageshow', () => {
      unloading = false;
    });
  }
  return { unloading, online: typeof navigator === 'undefined' ? true : navigator.onLine !== false };
}
