// `npm start`: serve the production build on :5173 together with the embedded Supabase stack.
// Flags: --no-build (dist/ already built), --fresh (throwaway database), --app-port N, --api-port N.
import { preview } from 'vite';
import { existsSync } from 'node:fs';
import path from 'node:path';
import os from 'node:os';
import { mkdtempSync } from 'node:fs';
import { prepareAppSecurity } from './security-headers';

const args = process.argv.slice(2);
const flag = (name: string) => args.includes(name);
const opt = (name: string, fallback: number) => {
  const i = args.indexOf(name);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};

const appPort = opt('--app-port', 5173);
const apiPort = opt('--api-port', 54321);
const appSecurity = prepareAppSecurity(appPort, apiPort);

if (!existsSync('dist/index.html')) {
  console.error('dist/ is missing: run `npm run build` first (npm start does this for you).');
  process.exit(1);
}

const stackModule = path.resolve('supabase/local/server.ts');
let stackUrl = `http://127.0.0.1:${apiPort}`;
let closeStack: (() => Promise<void>) | undefined;
if (existsSync(stackModule)) {
  const { startStack } = await import(stackModule);
  const dataDir = flag('--fresh') ? mkdtempSync(path.join(os.tmpdir(), 'motorly-db-')) : undefined;
  const stack = await startStack({ port: apiPort, dataDir });
  stackUrl = stack.url;
  closeStack = stack.close;
  console.log(`Supabase API   ${stack.url}`);
  console.log(`anon key       ${stack.anonKey}`);
}

const server = await preview({
  preview: {
    port: appPort,
    strictPort: true,
    host: 'localhost',
    headers: appSecurity.headers,
    proxy: { '/api': { target: stackUrl, changeOrigin: true } },
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
