// Functions bench:scale runs inside the page (page.evaluate sends each one's source alone: no imports,
// no helpers from outside the function).

export interface Tap {
  ms: number;
  /** 'cards': new cards in view; 'empty': an empty answer shown; 'timeout': neither in time. */
  outcome: 'cards' | 'empty' | 'timeout';
}

/**
 * Before a tap (untimed): from the top of the results, as a reader starting a new search. Left at the previous
 * answer's foot, the new answer's next pages would load on their own before the next-page step could ask for
 * one. The scroll event lands a frame later: it is let land on the entry it belongs to, before the tap. A virtual
 * list then renders its top rows: the leading cards are read from those (read at its foot, they were the foot's,
 * and the tap counted as answered when the top rows came back: search 23's 95 ms).
 */
export async function prepareTap(): Promise<void> {
  window.scrollTo(0, 0);
  const frame = () => new Promise((r) => requestAnimationFrame(r));
  await frame();
  await frame();
  // The first card rendered is in view (not above it: a virtual list's rows near its foot; nor below: its rows
  // not yet moved), or there are no cards.
  const topShown = () => {
    const top = document.querySelector('[data-testid="listing-card"]')?.getBoundingClientRect().top ?? 0;
    return top >= 0 && top < innerHeight;
  };
  for (let i = 0; i < 60 && !topShown(); i++) await frame();
}

/**
 * A search as a filter control makes it (the router's navigation to the new query string: pushState,
 * then the popstate the router listens to), timed until the first frame whose leading cards differ
 * from the previous answer's, or an empty answer ("No cars ...") is shown. The clock starts at `tappedAt`
 * (the wall-clock time the bench sent the tap, Date.now()), not when the page gets to run it: a tap that lands
 * while the page's main thread is busy (a long task of the app's start) waits for it, as a finger's would.
 */
export async function tapSearch(args: { query: string; timeoutMs: number; tappedAt: number }): Promise<Tap> {
  const lead = () =>
    Array.from(document.querySelectorAll('[data-testid="listing-card"]'))
      .slice(0, 3)
      .map((e) => e.getAttribute('data-listing-id'))
      .join(',');
  const before = lead();
  // The page's clock at the tap (never later than now: the two clocks are the same wall clock).
  const t0 = Math.min(performance.now(), args.tappedAt - performance.timeOrigin);
  // A new history entry as the router's own push makes it (its own key and index). With no state every entry
  // had React Router's key "default", so the app's scroll memory took each tap for Back to one entry and held
  // the first search after a scroll at its remembered top for 3 s (the next page's 2.8 s after search 22).
  const prev = history.state as { idx?: unknown } | null;
  const idx = typeof prev?.idx === 'number' ? prev.idx + 1 : 1;
  const state = { usr: null, key: Math.random().toString(36).slice(2, 10), idx };
  history.pushState(state, '', `/marketplace${args.query ? `?${args.query}` : ''}`);
  dispatchEvent(new PopStateEvent('popstate', { state }));
  return new Promise<Tap>((resolve) => {
    let done = false;
    const finish = (outcome: Tap['outcome']) => {
      if (done) return;
      done = true;
      obs.disconnect();
      if (outcome === 'timeout') resolve({ ms: NaN, outcome });
      else requestAnimationFrame(() => resolve({ ms: performance.now() - t0, outcome }));
    };
    const check = () => {
      const now = lead();
      if (now && now !== before) finish('cards');
      else if (!now && /\bno cars\b/i.test(document.querySelector('main')?.textContent ?? '')) finish('empty');
    };
    const obs = new MutationObserver(check);
    obs.observe(document.body, { childList: true, subtree: true, characterData: true });
    check();
    setTimeout(() => finish('timeout'), args.timeoutMs);
  });
}

/**
 * The tap's measuring floor: prepared as a search's tap is (prepareTap), sent and timed alike (from `tappedAt`),
 * the leading cards are changed by hand, with no app work at all, and timed until the next frame. What a covered
 * repeat could take if the app did nothing: about one frame interval, and the tap's way to the page.
 */
export async function tapFloor(tappedAt: number): Promise<number> {
  const t0 = Math.min(performance.now(), tappedAt - performance.timeOrigin);
  const card = document.querySelector('[data-testid="listing-card"]');
  card?.setAttribute('data-bench-floor', String(t0));
  await new Promise((r) => requestAnimationFrame(r));
  card?.removeAttribute('data-bench-floor');
  return performance.now() - t0;
}
export interface NextPage extends Tap {
  how: 'pager' | 'scroll' | 'none';
}

/**
 * The next page of the current answer, by whichever control the screen has: a "Next" pager button
 * (timed until the leading cards change) or, for a list that loads more as you scroll, a scroll to its
 * last card (timed until its "N of M shown" count grows).
 */
export function tapNextPage(timeoutMs: number): Promise<NextPage> {
  const lead = () =>
    Array.from(document.querySelectorAll('[data-testid="listing-card"]'))
      .slice(0, 3)
      .map((e) => e.getAttribute('data-listing-id'))
      .join(',');
  // "20 of 31 shown" while more are on the server; "31 cars found" once the last page is in.
  const shown = () => {
    const text = document.querySelector('main')?.textContent ?? '';
    const m = /([\d,]+) of (?:about )?([\d,]+) shown/.exec(text) ?? /([\d,]+) cars? found/.exec(text);
    return m ? Number(m[1].replace(/,/g, '')) : null;
  };
  const next = Array.from(document.querySelectorAll<HTMLElement>('main button, main a')).find(
    (b) =>
      /^next( page)?$/i.test((b.getAttribute('aria-label') ?? b.textContent ?? '').trim()) &&
      !(b as HTMLButtonElement).disabled &&
      b.getAttribute('aria-disabled') !== 'true',
  );
  const shownBefore = shown();
  const partial = /[\d,]+ of (?:about )?[\d,]+ shown/.test(document.querySelector('main')?.textContent ?? '');
  const how: NextPage['how'] = next ? 'pager' : partial ? 'scroll' : 'none';
  if (how === 'none') return Promise.resolve({ ms: NaN, outcome: 'timeout', how });
  const before = lead();
  const t0 = performance.now();
  if (next) next.click();
  // Otherwise the last card to the top of the view, as a reader reaching the end of the list: the list's end
  // (its more-on-scroll sentinel) comes into view, where a jump to the page's foot would pass it by.
  // A virtual list renders only the rows near view: its last rendered card is not its last card, and its
  // height grows as the rows reached are measured, so a reader keeps going to the list's own end.
  const toEnd = () => {
    const list = document.querySelector('[data-virtual="on"]');
    if (list) window.scrollBy(0, list.getBoundingClientRect().bottom - innerHeight);
    else
      Array.from(document.querySelectorAll('[data-testid="listing-card"]')).pop()?.scrollIntoView({ block: 'start' });
  };
  const scrolling = next ? null : setInterval(toEnd, 250);
  if (!next) toEnd();
  return new Promise<NextPage>((resolve) => {
    let done = false;
    const finish = (outcome: Tap['outcome']) => {
      if (done) return;
      done = true;
      obs.disconnect();
      if (scrolling) clearInterval(scrolling);
      if (outcome === 'timeout') resolve({ ms: NaN, outcome, how });
      else requestAnimationFrame(() => resolve({ ms: performance.now() - t0, outcome, how }));
    };
    const check = () => {
      if (how === 'pager' ? lead() !== before && lead() !== '' : (shown() ?? 0) > (shownBefore ?? 0)) finish('cards');
    };
    const obs = new MutationObserver(check);
    obs.observe(document.body, { childList: true, subtree: true, characterData: true });
    setTimeout(() => finish('timeout'), timeoutMs);
  });
}

export interface StoreSize {
  store: string;
  rows: number;
  /** Sum of the rows' JSON lengths: what the rows hold, whatever IndexedDB's own overhead. */
  bytes: number;
}

/** Rows and JSON bytes of every object store of the app's database ('motorly'). */
export async function idbStoreSizes(): Promise<{ stores: StoreSize[]; usage: number }> {
  const db = await new Promise<IDBDatabase>((resolve, reject) => {
    const req = indexedDB.open('motorly');
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
  const stores: StoreSize[] = [];
  for (const store of Array.from(db.objectStoreNames)) {
    const size = await new Promise<StoreSize>((resolve, reject) => {
      let rows = 0;
      let bytes = 0;
      const req = db.transaction(store).objectStore(store).openCursor();
      req.onsuccess = () => {
        const c = req.result;
        if (!c) return resolve({ store, rows, bytes });
        rows++;
        bytes += JSON.stringify(c.value)?.length ?? 0;
        c.continue();
      };
      req.onerror = () => reject(req.error);
    });
    stores.push(size);
  }
  db.close();
  const estimate = await navigator.storage.estimate();
  return { stores, usage: estimate.usage ?? 0 };
}
