import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { prerenderHome } from './vite-plugins/prerender-home';

// Error reports carry the app version: package.json's, unless the build sets one.
process.env.VITE_APP_VERSION ??= (
  JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string }
).version;

// The service worker is our own source (sw/sw.ts) compiled by vite-plugin-pwa's injectManifest
// strategy, so precaching is Workbox's and the runtime logic stays in the repo.
const ENTITY_MODULE = /[\\/]src[\\/]entities[\\/](?!.*[\\/]index\.ts$).*\.tsx?$/;

export default defineConfig({
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  plugins: [
    react(),
    prerenderHome(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      injectRegister: false,
      registerType: 'prompt',
      manifest: false,
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest,woff2}'],
        maximumFileSizeToCacheInBytes: 5 * 1024 * 1024,
      },
      devOptions: { enabled: false },
    }),
  ],
  server: { port: 5173, strictPort: true },
  preview: { port: 5173, strictPort: true },
  build: {
    target: 'es2022',
    sourcemap: false,
    chunkSizeWarningLimit: 600,
    manifest: true,
    rolldownOptions: {
      // Entity modules (src/entities/<e>/**, not their index with its CSS) only define things, so a
      // route chunk takes just the pieces it uses from '@/entities/car' instead of the whole layer.
      treeshake: { moduleSideEffects: (id) => !ENTITY_MODULE.test(id) },
    },
  },
});
