// One catalogue size, in this process (the seed reads MOTORLY_LISTINGS once, when it loads): its stack,
// the built app behind the metered relays, then every figure of bench:scale in turn.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright';
import { CHROMIUM_ARGS } from '../../scripts/chromium-args';
import { measureSearch, type SearchFigures } from '../search';
import { OLD_LISTING_INDEXES, pullWholeTable, rawListingPut } from './baselines';
import { measureOfflinePack, type PackResult } from './pack';
import { NO_THROTTLE, RTT_150, freshProfile, throttle } from './page';
import { sessionQueries } from './queries';
import { serveApp } from './serve';
import { coldVisit, runSession, type ColdVisit, type Session } from './session';
import { startSizeStack } from './stack';
import { startWireMeter } from './wire';

export interface Ports {
  /** What the browser uses: the metered relays. */
  app: number;
  api: number;
  /** Behind the relays: vite preview and the stack. */
  appInner: number;
  apiInner: number;
}

export interface SizeFigures {
  size: number;
  kind: 'pglite' | 'postgres';
  listings: number;
  bootMs: number;
  seeded: boolean;
  server: SearchFigures;
  cold: ColdVisit;
  session: Session;
  pack: PackResult;
  rawPut: { rows: number; ms: number };
  /** Today's whole-table first download, for comparison (only at sizes a phone could ever take). */
  oldDownload: { rows: number; pages: number; ms: number; bytes: number } | null;
}

/** Sizes up to this many listings also run the old whole-table download. */
const OLD_DOWNLOAD_MAX = 50_000;
const PACK_SIZE = 5_000;

const step = (size: number, what: string) => console.log(`[${size.toLocaleString('en-GB')}] ${what} ...`);

/** A static file of the build: a page on the app's origin that does not start the app. */
function plainPage(outDir: string): string {
  const file = ['robots.txt', 'manifest.webmanifest', 'favicon.svg'].find((f) => existsSync(path.join(outDir, f)));
  if (!file) throw new Error(`no static file in ${outDir} to host the baselines' page`);
  return `/${file}`;
}

export async function measureSize(opts: {
  size: number;
  kind: 'pglite' | 'postgres';
  outDir: string;
  ports: Ports;
}): Promise<SizeFigures> {
  const { size, ports } = opts;
  const app = `http://localhost:${ports.app}`;
  const api = `http://127.0.0.1:${ports.api}`;
  step(size, `starting ${opts.kind === 'pglite' ? 'PGlite' : 'PostgreSQL'} (seeded on first use)`);
  const stack = await startSizeStack({ kind: opts.kind, port: ports.apiInner, allowedOrigins: [app] });
  const meter = await startWireMeter([
    { relay: 'app', listen: ports.app, target: ports.appInner },
    { relay: 'api', listen: ports.api, target: ports.apiInner },
  ]);
  const server = await serveApp({
    outDir: opts.outDir,
    port: ports.appInner,
    publicApi: api,
    stackPort: ports.apiInner,
  });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  const { anonKey, serviceRoleKey, url } = stack.stack;
  try {
    step(size, 'search_listings over HTTP (bench/search.ts combinations)');
    const search = await measureSearch(url, anonKey, serviceRoleKey);

    step(size, 'cold first visit to /marketplace, 4x CPU, slow 4G');
    const cold = await coldVisit(browser, app, meter);

    step(size, 'a 30-search session, 150 ms RTT');
    const session = await runSession(browser, app, await sessionQueries(url, anonKey));

    step(size, `offline pack of ${PACK_SIZE.toLocaleString('en-GB')} listings, 150 ms RTT, and a raw put of as many`);
    const p = await freshProfile(browser);
    await throttle(p.cdp, RTT_150, 1);
    const pack = await measureOfflinePack(p.page, app);
    const rawPut = await p.page.evaluate(rawListingPut, {
      api,
      anonKey,
      indexes: OLD_LISTING_INDEXES,
      count: PACK_SIZE,
    });
    await p.context.close();

    let oldDownload: SizeFigures['oldDownload'] = null;
    if (size <= OLD_DOWNLOAD_MAX) {
      step(size, 'the old whole-table first download (every vehicle_listings page into IndexedDB), unthrottled');
      const o = await freshProfile(browser);
      await throttle(o.cdp, NO_THROTTLE, 1);
      await o.page.goto(`${app}${plainPage(opts.outDir)}`);
      const t0 = Date.now();
      const pulled = await o.page.evaluate(pullWholeTable, { api, anonKey, indexes: OLD_LISTING_INDEXES });
      const bytes = meter.between(t0, Date.now()).byRelay.api ?? 0;
      oldDownload = { ...pulled, bytes };
      await o.context.close();
    }
    return {
      size,
      kind: opts.kind,
      listings: search.listings,
      bootMs: stack.bootMs,
      seeded: stack.seeded,
      server: search,
      cold,
      session,
      pack,
      rawPut,
      oldDownload,
    };
  } finally {
    await browser.close();
    await server.close();
    await meter.close();
    await stack.close();
  }
}
