// `npm run dev`: the embedded Supabase stack plus Vite's dev server with HMR on :5173.
import { createServer } from 'vite';
import { startStack } from '../supabase/local/server';

const stack = await startStack({ port: Number(process.env.STACK_PORT ?? 54321) });
// The app must use this data directory's own keys (its JWT secret is generated on first boot).
if (!process.env.VITE_SUPABASE_URL || process.env.VITE_SUPABASE_URL === stack.url) {
  process.env.VITE_SUPABASE_URL = stack.url;
  process.env.VITE_SUPABASE_ANON_KEY = stack.anonKey;
}
const vite = await createServer({
  server: { port: 5173, strictPort: true, proxy: { '/api': { target: stack.url, changeOrigin: true } } },
});
await vite.listen();
console.log(`Supabase API   ${stack.url}`);
vite.printUrls();

const shutdown = async () => {
  await vite.close();
  await stack.close();
  process.exit(0);
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
