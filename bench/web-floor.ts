// bench:web's floor block: what this machine's Lighthouse counts as Total Blocking Time for the least a
// React page can do, measured in the same run and with the same settings as the app. Each page is the
// app's own prerendered home page (dist/index.html: its HTML and stylesheets) without the app's code;
// the React pages start their script after the first contentful paint, as the app's head script does
// (the paint must not wait for the script: that is the first visit's LCP target).
//   - HTML only: no script at all.
//   - + React DOM evaluated: react-dom/client imported, nothing rendered.
//   - + one React render: react-dom/client renders one button into a new element, in a transition.
// A figure at or over the app's target here means the target cannot be met on this machine by any page
// built with React (a fixed choice) that paints its HTML first.
import { createServer, type Server } from 'node:http';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webmanifest': 'application/manifest+json',
};

/** Starts `src` (a module) once the page's first contentful paint is on record, as the app's head script. */
const afterFirstPaint = (src: string) => `(function () {
  var started = false;
  new PerformanceObserver(function (list) {
    if (started || !list.getEntriesByName('first-contentful-paint').length) return;
    started = true;
    setTimeout(function () { import(${JSON.stringify(src)}); }, 0);
  }).observe({ type: 'paint', buffered: true });
})();`;

const VARIANTS = [
  { name: 'HTML only', module: null },
  { name: '+ React DOM evaluated', module: `import * as client from 'react-dom/client'; globalThis.__floor = client;` },
  {
    name: '+ one React render',
    module: `import { createElement, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
const el = document.createElement('div');
document.body.appendChild(el);
startTransition(() => createRoot(el).render(createElement('button', { type: 'button' }, 'Menu')));`,
  },
] as const;

export interface FloorPage {
  name: string;
  url: string;
}

/** Serves the floor pages beside the built app (its stylesheets and icons); returns them and a stop. */
export async function serveFloor(dist: string, port: number): Promise<{ pages: FloorPage[]; stop: () => void }> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'motorly-web-floor-'));
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8')
    .replace(/<script\b[^>]*><\/script>/g, '')
    .replace(/<link rel="app-modulepreload"[^>]*>/g, '');
  const pages: FloorPage[] = [];
  for (const [i, v] of VARIANTS.entries()) {
    let head = '';
    if (v.module) {
      await build({
        stdin: { contents: v.module, resolveDir: process.cwd(), loader: 'js' },
        bundle: true,
        minify: true,
        format: 'esm',
        define: { 'process.env.NODE_ENV': '"production"' },
        outfile: path.join(dir, `floor-${i}.js`),
        logLevel: 'error',
      });
      writeFileSync(path.join(dir, `floor-${i}-start.js`), afterFirstPaint(`/__floor/floor-${i}.js`));
      head = `<script src="/__floor/floor-${i}-start.js"></script>`;
    }
    writeFileSync(path.join(dir, `floor-${i}.html`), html.replace('</head>', `${head}</head>`));
    pages.push({ name: v.name, url: `http://localhost:${port}/__floor/floor-${i}.html` });
  }
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const file = url.pathname.startsWith('/__floor/')
      ? path.join(dir, path.basename(url.pathname))
      : path.join(dist, path.normalize(url.pathname).replace(/^(\.\.[/\\])+/, ''));
    if (!file.startsWith(dir) && !file.startsWith(dist)) return void res.writeHead(403).end();
    if (!existsSync(file) || !path.extname(file)) return void res.writeHead(404).end();
    // Compressed as the app's own server answers, so the simulated network carries the same bytes.
    const type = TYPES[path.extname(file)] ?? 'application/octet-stream';
    const gzip = /^(text|application\/manifest)/.test(type) && /gzip/.test(String(req.headers['accept-encoding']));
    res.writeHead(200, { 'content-type': type, ...(gzip ? { 'content-encoding': 'gzip' } : {}) });
    res.end(gzip ? gzipSync(readFileSync(file)) : readFileSync(file));
  });
  await new Promise<void>((resolve) => server.listen(port, 'localhost', resolve));
  return {
    pages,
    stop: () => {
      server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
