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
  /** Each part is null when BENCH_SCALE_STEPS left it out. */
  server: SearchFigures | null;
  cold: ColdVisit | null;
  session: Session | null;
  pack: { result: PackResult; rawPut: { rows: number; ms: number } } | null;
  /** Today's whole-table first download, for comparison (only at sizes a phone could ever take). */
  oldDownload: { rows: number; pages: number; ms: number; bytes: number } | null;
}

export const STEPS = ['server', 'cold', 'session', 'pack', 'old'] as const;
/** BENCH_SCALE_STEPS: the parts to run (default all), e.g. "pack,old" while working on one of them. */
const steps = new Set((process.env.BENCH_SCALE_STEPS ?? STEPS.join(',')).split(',').map((s) => s.trim()));
for (const s of steps)
  if (!(STEPS as readonly string[]).includes(s))
    throw new Error(`BENCH_SCALE_STEPS: "${s}" (one of ${STEPS.join(', ')})`);

/** The catalogue's size as the API reports it (PostgreSQL's estimate: an exact count of 450,000 takes a while). */
async function listingCount(api: string, anonKey: string): Promise<number> {
  const res = await fetch(`${api}/rest/v1/vehicle_listings?select=id&limit=1`, {
    headers: { apikey: anonKey, authorization: `Bearer ${anonKey}`, prefer: 'count=estimated' },
  });
  return Number(res.headers.get('content-range')?.split('/')[1] ?? NaN);
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
    anonKey: stack.stack.anonKey,
  });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  const { anonKey, serviceRoleKey, url } = stack.stack;
  try {
    let server: SizeFigures['server'] = null;
    if (steps.has('server')) {
      step(size, 'search_listings over HTTP (bench/search.ts combinations)');
      server = await measureSearch(url, anonKey, serviceRoleKey);
    }
    let cold: SizeFigures['cold'] = null;
    if (steps.has('cold')) {
      step(size, 'cold first visit to /marketplace, 4x CPU, slow 4G');
      cold = await coldVisit(browser, app, meter);
    }
    let session: SizeFigures['session'] = null;
    if (steps.has('session')) {
      step(size, 'a 30-search session, 150 ms RTT');
      session = await runSession(browser, app, await sessionQueries(url, anonKey));
    }
    let pack: SizeFigures['pack'] = null;
    if (steps.has('pack')) {
      step(size, `offline pack of ${PACK_SIZE.toLocaleString('en-GB')} listings, 150 ms RTT, and a raw put of as many`);
      const p = await freshProfile(browser);
      await throttle(p.cdp, RTT_150, 1);
      const result = await measureOfflinePack(p.page, { app, api, anonKey, plainPath: plainPage(opts.outDir) });
      const rawPut = await p.page.evaluate(rawListingPut, {
        api,
        anonKey,
        indexes: OLD_LISTING_INDEXES,
        // The same number of rows as the pack kept (the pack's own cap when it could not run).
        count: 'listings' in result && result.listings > 0 ? result.listings : PACK_SIZE,
      });
      pack = { result, rawPut };
      await p.context.close();
    }
    let oldDownload: SizeFigures['oldDownload'] = null;
    if (steps.has('old') && size <= OLD_DOWNLOAD_MAX) {
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
      listings: await listingCount(url, anonKey),
      bootMs: stack.bootMs,
      seeded: stack.seeded,
      server,
      cold,
      session,
      pack,
      oldDownload,
    };
  } finally {
    await browser.close();
    await server.close();
    await meter.close();
    await stack.close();
  }
}
