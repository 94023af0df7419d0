// The offline pack ("Keep cars within N miles of POSTCODE on this device", at most 5,000 listings),
// driven through its screen when the build has one, signed in as the demo shopper (the card may sit on
// the account page): found at run time by its text on the screens that may carry it, filled with a
// postcode and the widest radius, and timed until it says the cars are kept (or, without such words,
// until its IndexedDB store has been still for 2 s), with no progress bar left on screen.
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright';

const ROUTES = (process.env.BENCH_SCALE_PACK_ROUTES ?? '/account,/offline,/settings,/marketplace').split(',');
const SCREEN_TIMEOUT_MS = 30_000;
// The card's finished wording (src/features/offline-pack/pack-text.ts). Not bare "kept on this device": the
// card's intro says that too, so the pack read as ready the moment it was asked for, with 0 rows kept.
const READY_TEXT = /are kept on this device and kept up to date|no cars for sale within/i;
const SHOPPER = { email: 'shopper@example.com', password: 'Shopper!Drive2026' };
const PACK_TEXT = /keep cars within|offline pack|cars on this (phone|device)/i;
const POSTCODE = process.env.BENCH_SCALE_PACK_POSTCODE ?? 'M1 1AA';

export type PackResult = { ms: number; listings: number; route: string } | { notMeasurable: string };

/**
 * Listings the app's offline pack holds (null: the build has no such store): the keys of its listing store
 * (one row a listing) and the ids in any pack store's records that list them by page (`ids`). Counting the
 * listing store's rows alone read 0 once the app kept a page's ids in one record, and the raw put then fell
 * back to 5,000 rows for a pack of 4,395.
 */
async function packRows(page: Page): Promise<number | null> {
  return page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const req = indexedDB.open('motorly');
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
    });
    const names = Array.from(db.objectStoreNames).filter((n) => /pack/.test(n));
    if (!names.some((n) => /listing/.test(n))) {
      db.close();
      return null;
    }
    const ids = new Set<string>();
    for (const name of names) {
      const records = await new Promise<unknown[]>((resolve, reject) => {
        const req = db.transaction(name).objectStore(name).getAll();
        req.onsuccess = () => resolve(req.result);
        req.onerror = () => reject(req.error);
      });
      for (const r of records as { id?: unknown; ids?: unknown }[]) {
        if (Array.isArray(r.ids)) for (const id of r.ids) ids.add(String(id));
        else if (/listing/.test(name)) ids.add(String(r.id));
      }
    }
    db.close();
    return ids.size;
  });
}

/**
 * Signs the demo shopper in as a returning user is: the password grant, and the session stored where
 * the app keeps it (idb-keyval, 'motorly-auth'), from `plainPath`, a page of the origin that runs no app.
 */
async function signIn(page: Page, app: string, api: string, anonKey: string, plainPath: string): Promise<void> {
  const res = await fetch(`${api}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: anonKey, 'content-type': 'application/json' },
    body: JSON.stringify(SHOPPER),
  });
  if (!res.ok) throw new Error(`the demo shopper's sign-in failed: ${res.status}`);
  const session = JSON.stringify(await res.json());
  await page.goto(`${app}${plainPath}`);
  await page.evaluate(
    (value) =>
      new Promise<void>((resolve, reject) => {
        localStorage.setItem('motorly:onboarding', 'off');
        const open = indexedDB.open('keyval-store');
        open.onupgradeneeded = () => open.result.createObjectStore('keyval');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const tx = open.result.transaction('keyval', 'readwrite');
          tx.objectStore('keyval').put(value, 'motorly-auth');
          tx.oncomplete = () => {
            open.result.close();
            resolve();
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
    session,
  );
}

async function findPackScreen(page: Page, app: string): Promise<string | null> {
  for (const route of ROUTES) {
    await page.goto(`${app}${route}`);
    const found = await page
      .getByText(PACK_TEXT)
      .first()
      .waitFor({ timeout: SCREEN_TIMEOUT_MS })
      .then(() => true)
      .catch(() => false);
    if (found) return route;
  }
  return null;
}

export async function measureOfflinePack(
  page: Page,
  opts: { app: string; api: string; anonKey: string; plainPath: string },
): Promise<PackResult> {
  await signIn(page, opts.app, opts.api, opts.anonKey, opts.plainPath);
  const route = await findPackScreen(page, opts.app);
  if (!route) {
    const shot = path.join(os.tmpdir(), 'motorly-bench-scale-no-pack.png');
    await page.screenshot({ path: shot, fullPage: true }).catch(() => undefined);
    return {
      notMeasurable: `no offline pack screen in this build (looked for ${PACK_TEXT} on ${ROUTES.join(', ')}; last: ${shot})`,
    };
  }
  // The cookie banner would sit over the form: answer it as a visitor would.
  await page
    .getByRole('button', { name: 'Necessary only' })
    .click({ timeout: 2000 })
    .catch(() => undefined);
  const byId = page.getByTestId('offline-pack-postcode');
  const postcode = (await byId.count()) ? byId : page.getByLabel(/postcode/i).last();
  if (!(await postcode.isVisible().catch(() => false)))
    return { notMeasurable: `the offline pack on ${route} has no field labelled "postcode"` };
  const form = page.locator('form', { has: postcode });
  await postcode.fill(POSTCODE);
  const radius = form.locator('select').first();
  if (await radius.isVisible().catch(() => false)) {
    const values = await radius.locator('option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
    const widest = values.filter((v) => /^\d+$/.test(v)).sort((a, b) => Number(b) - Number(a))[0];
    if (widest) await radius.selectOption(widest);
  }
  const start = form.getByRole('button', { name: /keep|download|save/i }).first();
  if (!(await start.isEnabled().catch(() => false)))
    return { notMeasurable: `the offline pack on ${route} has no enabled Keep/Download/Save button` };
  const before = (await packRows(page)) ?? 0;
  // The finish is seen in the page, on the DOM change that shows it (a MutationObserver), timed from the
  // click's own event: a poll of 100 ms plus three round trips to the browser added up to 0.3 s to a 1 s figure.
  const inPage = page
    .evaluate((source) => {
      const ready = new RegExp(source, 'i');
      const shown = (el: Element) => (el as HTMLElement).offsetParent !== null;
      const done = () =>
        !Array.from(document.querySelectorAll('[role="progressbar"], progress')).some(shown) &&
        ready.test(document.body.innerText);
      return new Promise<number>((resolve) => {
        let clickAt = -1;
        document.addEventListener('click', () => (clickAt = performance.now()), { capture: true, once: true });
        const observer = new MutationObserver(() => {
          if (clickAt < 0 || !done()) return;
          observer.disconnect();
          resolve(performance.now() - clickAt);
        });
        observer.observe(document.body, { childList: true, subtree: true, characterData: true, attributes: true });
      });
    }, READY_TEXT.source)
    .then(async (ms): Promise<PackResult> => ({ ms: Math.round(ms), listings: (await packRows(page)) ?? 0, route }));
  let settled = false;
  await start.click();
  // Builds without the finished wording: until the pack's store has been still for 2 s.
  const polled = (async (): Promise<PackResult> => {
    const t0 = Date.now();
    let last = before;
    let lastChange = Date.now();
    while (!settled) {
      await page.waitForTimeout(100);
      const n = (await packRows(page)) ?? 0;
      if (n !== last) {
        last = n;
        lastChange = Date.now();
      }
      const busy = await page
        .getByRole('progressbar')
        .first()
        .isVisible()
        .catch(() => false);
      if (n > before && !busy && Date.now() - lastChange >= 2000) return { ms: lastChange - t0, listings: n, route };
      if (Date.now() - t0 > 120_000)
        return { notMeasurable: `the offline pack held ${n} listings and was still going after 120 s` };
    }
    return { notMeasurable: 'settled' };
  })();
  try {
    return await Promise.race([inPage, polled]);
  } finally {
    settled = true;
    await polled.catch(() => undefined);
  }
}
