import { createServer, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

const ROOT_DIV = '<div id="root"></div>';
const ENTRY = '/src/app/prerender/home-entry.tsx';

/**
 * Build only: renders the home route with react-dom/server into index.html's #root, so a first visit
 * paints the header, the home page's static parts and the footer before any script runs. The client
 * then renders the same tree over it (main.tsx), and the service worker precaches this very file.
 */
export function prerenderHome(): Plugin {
  return {
    name: 'motorly:prerender-home',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      async handler(html) {
        if (!html.includes(ROOT_DIV)) throw new Error('prerender-home: index.html has no empty #root');
        const server = await createServer({
          configFile: false,
          logLevel: 'error',
          appType: 'custom',
          plugins: [react()],
          resolve: { alias: { '@': fileURLToPath(new URL('../src', import.meta.url)) } },
          server: { middlewareMode: true, hmr: false, ws: false },
          optimizeDeps: { noDiscovery: true, include: [] },
        });
        try {
          const mod = (await server.ssrLoadModule(ENTRY)) as { renderHome: () => string };
          const body = mod.renderHome();
          return html.replace(ROOT_DIV, `<div id="root" data-prerendered="home">${body}</div>`);
        } finally {
          await server.close();
        }
      },
    },
  };
}
