// The offline pack ("Keep cars within N miles of POSTCODE on this device", at most 5,000 listings),
// driven through its screen when the build has one: found at run time by its text on the screens that
// may carry it, filled with a postcode and the widest radius, and timed until the listings it keeps
// stop arriving in IndexedDB (its store stable for 2 s and no progress bar left on screen).
import type { Page } from 'playwright';

const ROUTES = (process.env.BENCH_SCALE_PACK_ROUTES ?? '/offline,/account,/settings,/marketplace').split(',');
const PACK_TEXT = /keep cars within|offline pack|cars on this (phone|device)/i;
const POSTCODE = process.env.BENCH_SCALE_PACK_POSTCODE ?? 'M1 1AA';

export type PackResult = { ms: number; listings: number; route: string } | { notMeasurable: string };

/** Rows in the app's offline-pack listing store (null: the build has no such store). */
async function packRows(page: Page): Promise<number | null> {
  return page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const req = indexedDB.open('motorly');
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
    });
    const name = Array.from(db.objectStoreNames).find((n) => /pack/.test(n) && /listing/.test(n));
    if (!name) {
      db.close();
      return null;
    }
    const n = await new Promise<number>((resolve, reject) => {
      const req = db.transaction(name).objectStore(name).count();
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
    });
    db.close();
    return n;
  });
}

async function findPackScreen(page: Page, app: string): Promise<string | null> {
  for (const route of ROUTES) {
    await page.goto(`${app}${route}`);
    await page.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => undefined);
    if (
      await page
        .getByText(PACK_TEXT)
        .first()
        .isVisible()
        .catch(() => false)
    )
      return route;
  }
  return null;
}

export async function measureOfflinePack(page: Page, app: string): Promise<PackResult> {
  const route = await findPackScreen(page, app);
  if (!route)
    return { notMeasurable: `no offline pack screen in this build (looked for ${PACK_TEXT} on ${ROUTES.join(', ')})` };
  const postcode = page.getByLabel(/postcode/i).first();
  if (!(await postcode.isVisible().catch(() => false)))
    return { notMeasurable: `the offline pack on ${route} has no field labelled "postcode"` };
  await postcode.fill(POSTCODE);
  const radius = page.getByLabel(/miles|radius|distance/i).first();
  if (await radius.isVisible().catch(() => false)) {
    const values = await radius.locator('option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
    const widest = values.filter((v) => /^\d+$/.test(v)).sort((a, b) => Number(b) - Number(a))[0];
    if (widest) await radius.selectOption(widest).catch(() => undefined);
  }
  const start = page.getByRole('button', { name: /keep|download|save/i }).first();
  if (!(await start.isVisible().catch(() => false)))
    return { notMeasurable: `the offline pack on ${route} has no Keep/Download/Save button` };
  const before = (await packRows(page)) ?? 0;
  const t0 = Date.now();
  await start.click();
  let last = before;
  let lastChange = Date.now();
  for (;;) {
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
    if (n > before && !busy && Date.now() - lastChange >= 2000) break;
    if (Date.now() - t0 > 120_000)
      return { notMeasurable: `the offline pack held ${n} listings and was still going after 120 s` };
  }
  return { ms: lastChange - t0, listings: last, route };
}
