import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { prerenderHome } from './vite-plugins/prerender-home.ts';

// Error reports carry the app version: package.json's, unless the build sets one.
process.env.VITE_APP_VERSION ??= (
  JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string }
).version;

// The service worker is our own source (sw/sw.ts) compiled by vite-plugin-pwa's injectManifest
// strategy, so precaching is Workbox's and the runtime logic stays in the repo.
/** Swaps the deprecated `inlineDynamicImports: true` vite-plugin-pwa gives the service worker build. */
function swSingleChunk(): Plugin {
  return {
    name: 'motorly:sw-single-chunk',
    config(config) {
      const output = config.build?.rollupOptions?.output;
      if (output && !Array.isArray(output) && 'inlineDynamicImports' in output) {
        delete output.inlineDynamicImports;
        Object.assign(output, { codeSplitting: false });
      }
    },
  };
}

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
        // vite-plugin-pwa 2.0 still sets Rollup's deprecated inlineDynamicImports for the worker
        // bundle; Rolldown names it codeSplitting: false (same output, no warning on every build).
        buildPlugins: { vite: [swSingleChunk()] },
      },
      devOptions: { enabled: false },
    }),
  ],
  server: { port: 5173, strictPort: true },
  preview: { port: 5173, strictPort: true },
  build: {
    target: 'es2022',
    sourcemap: process.env.BENCH_SOURCEMAP ? 'hidden' : false,
    chunkSizeWarningLimit: 600,
    manifest: true,
    rolldownOptions: {
      // The callbacks this check times are whole builds of their own, not slow per-module hooks: the
      // prerender's server-side render (started at buildStart, awaited in generateBundle), the sync
      // worker's bundle (vite:worker-import-meta-url) and the service worker's (vite-plugin-pwa closeBundle).
      // On a busy machine they outlast the main bundle and the check fires on every build, saying nothing new.
      checks: { bundlerTimings: false },
      // Entity modules (src/entities/<e>/**, not their index with its CSS) only define things, so a
      // route chunk takes just the pieces it uses from '@/entities/car' instead of the whole layer.
      treeshake: { moduleSideEffects: (id) => !ENTITY_MODULE.test(id) },
    },
  },
});
