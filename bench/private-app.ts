// A bench's private app: the production build pointed at its own embedded stack (fresh data dir, demo keys),
// served by Vite's preview, and a Chromium to drive it. The API answers the app's origin only (CORS: the stack's
// site URL is the preview's origin).
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser } from 'playwright';
import { preview } from 'vite';
import { DEFAULT_ANON_KEY } from '../supabase/local/jwt';

export interface PrivateApp {
  browser: Browser;
  close(): Promise<void>;
}

export async function startPrivateApp(o: {
  outDir: string;
  appPort: number;
  apiPort: number;
  browserArgs: string[];
  /** Builds with VITE_TEST_HOOKS=1, for a bench that drives the page's test hooks (e.g. window.__motorlyBench). */
  testHooks?: boolean;
}): Promise<PrivateApp> {
  console.log(`Building the app for a private stack on :${o.apiPort} ...`);
  const build = spawnSync('npx', ['vite', 'build', '--outDir', o.outDir, '--emptyOutDir', '--logLevel', 'warn'], {
    stdio: 'inherit',
    env: {
      ...process.env,
      VITE_SUPABASE_URL: `http://127.0.0.1:${o.apiPort}`,
      VITE_SUPABASE_ANON_KEY: DEFAULT_ANON_KEY,
      ...(o.testHooks ? { VITE_TEST_HOOKS: '1' } : {}),
    },
  });
  if (build.status !== 0) throw new Error('vite build failed');
  const { startStack } = (await import(path.resolve('supabase/local/server.ts'))) as {
    startStack(o: { port: number; dataDir: string; quiet?: boolean; demoKeys?: boolean; siteUrl?: string }): Promise<{
      close(): Promise<void>;
    }>;
  };
  const stack = await startStack({
    port: o.apiPort,
    dataDir: mkdtempSync(path.join(os.tmpdir(), `${path.basename(o.outDir)}-`)),
    quiet: true,
    demoKeys: true,
    siteUrl: `http://localhost:${o.appPort}`,
  });
  const server = await preview({
    logLevel: 'warn',
    build: { outDir: o.outDir },
    preview: { port: o.appPort, strictPort: true, host: 'localhost' },
  });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: o.browserArgs,
  });
  return {
    browser,
    async close() {
      await browser.close();
      await new Promise<void>((resolve) => server.httpServer.close(() => resolve()));
      await stack.close();
    },
  };
}
