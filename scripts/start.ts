// `npm start`: the embedded Supabase stack, then the production build (baking in the stack's own anon
// key: each data directory has its own JWT secret), served on :5173.
// Flags: --no-build (dist/ already built for these keys), --fresh (throwaway database), --app-port N,
// --api-port N. STACK_DEMO_KEYS=1 uses the well-known demo keys (the e2e run builds for those).
import { build, preview } from 'vite';
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import os from 'node:os';
import { marketFirstPage } from './market-first-page';
import { prepareAppSecurity } from './security-headers';

const args = process.argv.slice(2);
const flag = (name: string) => args.includes(name);
const opt = (name: string, fallback: number) => {
  const i = args.indexOf(name);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};

const appPort = opt('--app-port', 5173);
const apiPort = opt('--api-port', 54321);
const skipBuild = flag('--no-build');
const appSecurity = prepareAppSecurity(appPort, apiPort);

if (skipBuild && !existsSync('dist/index.html')) {
  console.error("dist/ is missing: run `npm start` without --no-build (it builds for the stack's keys).");
  process.exit(1);
}

/** Whether the built bundle carries this anon key (a bundle built for other keys cannot sign anyone in). */
function distHasKey(anonKey: string): boolean {
  const dir = path.resolve('dist/assets');
  if (!existsSync(dir)) return false;
  return readdirSync(dir).some((f) => f.endsWith('.js') && readFileSync(path.join(dir, f), 'utf8').includes(anonKey));
}

const stackModule = path.resolve('supabase/local/server.ts');
let stackUrl = `http://127.0.0.1:${apiPort}`;
let closeStack: (() => Promise<void>) | undefined;
if (existsSync(stackModule)) {
  const { startStack } = await import(stackModule);
  const dataDir = flag('--fresh') ? mkdtempSync(path.join(os.tmpdir(), 'motorly-db-')) : process.env.STACK_DATA_DIR;
  const stack = await startStack({ port: apiPort, dataDir });
  stackUrl = stack.url;
  closeStack = stack.close;
  console.log(`Supabase API   ${stack.url}`);
  console.log(`anon key       ${stack.anonKey}`);
  // A bundle pointed at another backend (VITE_SUPABASE_URL) keeps its own key; otherwise it gets ours.
  const otherBackend = process.env.VITE_SUPABASE_URL && process.env.VITE_SUPABASE_URL !== stack.url;
  if (!otherBackend) {
    process.env.VITE_SUPABASE_URL = stack.url;
    process.env.VITE_SUPABASE_ANON_KEY = stack.anonKey;
  }
  if (skipBuild && !otherBackend && !distHasKey(stack.anonKey)) {
    console.warn('Warning: dist/ was built for other API keys; run `npm start` without --no-build to rebuild it.');
  }
}

// The Data API through the app's own origin as well (the preview proxy below): a shared listing link's
// early request (the head script's) then needs no DNS lookup nor a new connection to another host before
// the car can be drawn. A static host does the same with a rewrite of EARLY_API_PATH/* to the Data API.
const EARLY_API_PATH = '/supabase';
const apiTarget = process.env.VITE_SUPABASE_URL ?? stackUrl;
process.env.VITE_EARLY_API_URL ??= EARLY_API_PATH;

if (!skipBuild) {
  console.log('Building the app for this stack...');
  await build({ logLevel: 'warn' });
}

// The CSP allows the built pages' inline blocks by hash, so it is made from the build just made (or found).
const headers = appSecurity.headers(path.resolve('dist'));
// A first visit to /marketplace gets its first page in the HTML (scripts/market-first-page.ts).
const anonKey = process.env.VITE_SUPABASE_ANON_KEY;
const firstPage = anonKey
  ? [marketFirstPage({ outDir: path.resolve('dist'), apiUrl: apiTarget, anonKey, headers })]
  : [];
const server = await preview({
  plugins: firstPage,
  preview: {
    port: appPort,
    strictPort: true,
    host: 'localhost',
    headers,
    proxy: {
      '/api': { target: stackUrl, changeOrigin: true },
      [`^${EARLY_API_PATH}/`]: {
        target: apiTarget,
        changeOrigin: true,
        rewrite: (p) => p.slice(EARLY_API_PATH.length),
      },
    },
  },
});
console.log(`App            http://localhost:${appPort}`);

const shutdown = async () => {
  await new Promise<void>((resolve) => server.httpServer.close(() => resolve()));
  await closeStack?.();
  process.exit(0);
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
