// The build side of the early-paint path: the product code it renders and bundles lives in src/early (see its
// index.ts); this plugin stays at the top level because vite.config.ts loads it in Node.
import { createServer, type Plugin, type Rollup } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { build as esbuild } from 'esbuild';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { CSP_HASHES_FILE, inlineHashesFile, staticHostHeadersFile } from '../scripts/security-headers.ts';
import type { InlineHashes } from '../scripts/security-headers.ts';
import { inlineBlocking } from './inline-blocking.ts';
import { escapeHtml } from '../src/shared/lib/escape-html.ts';

const ROOT_DIV = '<div id="root"></div>';
const ENTRY = '/src/early/prerender/home-entry.tsx';
const A11Y_BOOT_ENTRY = fileURLToPath(new URL('../src/early/head-script.ts', import.meta.url));
const A11Y_BOOT_FILE = 'a11y-boot.js';
// A shared listing link's page drawn before the app runs (loaded by /a11y-boot.js on such a link only).
const EARLY_VIEW_ENTRY = fileURLToPath(new URL('../src/early/listing-view-script.ts', import.meta.url));
const EARLY_VIEW_FILE = 'listing-early-view.js';
// The marketplace's first cards drawn before the app runs (marketplace.html's own async head script).
const MARKET_VIEW_ENTRY = fileURLToPath(new URL('../src/early/marketplace-view-script.ts', import.meta.url));
const MARKET_VIEW_FILE = 'marketplace-early-view.js';
/** The prerendered screen whose HTML carries the early request (src/early/market-request.ts). */
const MARKET_ROUTE = 'marketplace';
/**
 * A listing link's own copy of index.html, which the preview server (and a host with the same rewrite)
 * answers for /marketplace/<id>: its head asks for /listing-early-view.js itself, beside the head script,
 * instead of the head script asking once it has run (one round trip later). Elsewhere index.html does.
 */
const LISTING_HTML = 'listing.html';
/** The addresses LISTING_HTML holds: /marketplace/<listing id> (src/early/listing-answer.ts). */
const LISTING_PATH = /^\/marketplace\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\/?(\?.*)?$/i;
const PRERENDER_CSS = 'prerender.css';

const routeModule = (name: string) => new RegExp(`[\\\\/]src[\\\\/]app[\\\\/]routes[\\\\/]${name}\\.tsx$`);

/** The files some chunks and their static imports load: JS chunks and their stylesheets. */
function chunkFiles(chunks: Rollup.OutputChunk[], roots: Rollup.OutputChunk[]): { js: string[]; css: string[] } {
  const byName = new Map(chunks.map((c) => [c.fileName, c]));
  const css = new Set<string>();
  const seen = new Set<string>();
  const visit = (chunk: Rollup.OutputChunk) => {
    if (seen.has(chunk.fileName)) return;
    seen.add(chunk.fileName);
    for (const file of chunk.viteMetadata?.importedCss ?? []) css.add(file);
    for (const dep of chunk.imports) {
      const next = byName.get(dep);
      if (next) visit(next);
    }
  };
  roots.forEach(visit);
  return { js: [...seen], css: [...css] };
}

const chunksOf = (bundle: Rollup.OutputBundle | undefined) =>
  Object.values(bundle ?? {}).filter((o): o is Rollup.OutputChunk => o.type === 'chunk');

/** The files a route's chunk and its static imports load. */
function routeFiles(bundle: Rollup.OutputBundle | undefined, route: string): { js: string[]; css: string[] } {
  const chunks = chunksOf(bundle);
  const home = chunks.find((c) => c.facadeModuleId && routeModule(route).test(c.facadeModuleId));
  if (!home) throw new Error(`prerender-home: no chunk for src/app/routes/${route}.tsx`);
  return chunkFiles(chunks, [home]);
}

/**
 * What the entry (src/main.tsx) imports at start: the chunks it evaluates one task after another (React
 * DOM, the local store, the app), with their static imports and stylesheets. The HTML loads them from the
 * start as the entry's own imports would be (preloads, and stylesheets before the first paint).
 */
function startFiles(bundle: Rollup.OutputBundle | undefined): { js: string[]; css: string[] } {
  const chunks = chunksOf(bundle);
  // The app's one entry: index.html's module script (src/main.tsx).
  const entry = chunks.find((c) => c.isEntry);
  if (!entry) throw new Error('prerender-home: no entry chunk');
  const byName = new Map(chunks.map((c) => [c.fileName, c]));
  const roots = entry.dynamicImports.map((file) => byName.get(file)).filter((c) => c !== undefined);
  return chunkFiles(chunks, roots);
}

/** The stylesheets a route's chunk and its static imports load, so the HTML is styled as the app. */
const routeStylesheets = (bundle: Rollup.OutputBundle | undefined, route: string): string[] =>
  routeFiles(bundle, route).css;

/**
 * Screens whose code the head script fetches beside the app's own when the address is theirs (inert
 * links, like the app's preloads): a shared listing link would otherwise learn of its screen's chunks
 * only once the app's code has run, one more round trip on a slow network.
 */
const EARLY_ROUTES = [{ route: 'listing-detail', name: 'listing' }];

/**
 * A route's chunks and stylesheets as inert links named `name` (src/early/start-app.ts makes them real), less
 * those `page` already loads.
 */
function routePreloadLinks(bundle: Rollup.OutputBundle | undefined, route: string, name: string, page: string) {
  const { js, css } = routeFiles(bundle, route);
  const link = (file: string, as: string) =>
    page.includes(file) ? '' : `<link rel="app-route-preload" data-route="${name}" data-as="${as}" href="/${file}">`;
  return [...js.map((f) => link(f, 'script')), ...css.map((f) => link(f, 'style'))].join('');
}

interface Rendered {
  home: string;
  /** /marketplace's first-page request body, made by the app's own modules (src/early/market-request.ts). */
  marketBody: string;
  /** Screens with their own HTML file: path, file name, route chunk name, body. */
  screens: { path: string; file: string; route: string; body: string }[];
}

/**
 * Build only: renders the home route with react-dom/server into index.html's #root, so a first visit
 * paints the header, the home page's static parts and the footer before any script runs (main.tsx then
 * hydrates it), and each screen of PRERENDERED_SCREENS into a file of its own (e.g. marketplace.html, which
 * the preview server and the service worker answer for /marketplace). The service worker precaches them.
 */
async function renderPages(): Promise<Rendered> {
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
    const mod = (await server.ssrLoadModule(ENTRY)) as {
      renderHome: () => Promise<string>;
      renderScreen: (path: string) => Promise<string>;
      screenFiles: () => { path: string; file: string }[];
      marketplaceFirstPageBody: () => string;
    };
    const home = await mod.renderHome();
    const screens = [];
    for (const { path, file } of mod.screenFiles())
      screens.push({ path, file, route: file.replace(/\.html$/, ''), body: await mod.renderScreen(path) });
    return { home, screens, marketBody: mod.marketplaceFirstPageBody() };
  } finally {
    await server.close();
  }
}

interface EarlyWork {
  rendered: Rendered;
  prerenderCss: string;
  a11yBoot: string;
  earlyView: string;
  marketView: string;
}

/** The prerendered pages, their stylesheet and the two head scripts: nothing here needs the app's bundle. */
async function startEarlyWork(bootEnv: Record<string, string>): Promise<EarlyWork> {
  // The stored accessibility settings must be on <html> before the prerendered page paints, or a
  // reader with large text or high contrast sees the default page flash first.
  const script = (entry: string) =>
    esbuild({
      entryPoints: [entry],
      bundle: true,
      format: 'iife',
      minify: true,
      write: false,
      target: 'es2020',
      define: { 'import.meta.env': JSON.stringify(bootEnv) },
    }).then((out) => out.outputFiles[0].text);
  const scripts = Promise.all([script(A11Y_BOOT_ENTRY), script(EARLY_VIEW_ENTRY), script(MARKET_VIEW_ENTRY)]);
  // The CSP (style-src 'self') refuses style attributes in HTML: they become rules in a stylesheet.
  const styles = new Map<string, string>();
  const extract = (html: string) =>
    html.replace(/ style="([^"]*)"/g, (_m, css: string) => {
      const name = styles.get(css) ?? `pr-s${styles.size}`;
      styles.set(css, name);
      return ` data-pr-style="${name}"`;
    });
  const pages = await renderPages();
  const rendered = {
    ...pages,
    home: extract(pages.home),
    screens: pages.screens.map((screen) => ({ ...screen, body: extract(screen.body) })),
  };
  const prerenderCss = [...styles].map(([css, name]) => `[data-pr-style="${name}"]{${css}}`).join('\n');
  const [a11yBoot, earlyView, marketView] = await scripts;
  return { rendered, prerenderCss, a11yBoot, earlyView, marketView };
}

export function prerenderHome(): Plugin[] {
  let rendered: Rendered | null = null;
  // Started in buildStart and awaited in generateBundle, so the server-side render and the head scripts'
  // bundles run while Rolldown transforms and links the app (about half the build's time, otherwise serial).
  let early: Promise<EarlyWork> | null = null;
  const extraHtml = new Map<string, string>();
  let prerenderCss = '';
  let a11yBoot = '';
  // The inline blocks' hashes, for the CSP (vite-plugins/inline-blocking.ts).
  const hashes: InlineHashes = { scripts: [], styles: [] };
  /** A blocking file's text: one of the bundle's stylesheets, the prerendered pages' own, or the head script. */
  const blockingSource = (bundle: Rollup.OutputBundle | undefined, file: string): string => {
    if (file === PRERENDER_CSS) return prerenderCss;
    if (file === A11Y_BOOT_FILE) return a11yBoot;
    const asset = bundle?.[file];
    if (asset?.type !== 'asset') throw new Error(`prerender-home: no stylesheet ${file} in the bundle`);
    return typeof asset.source === 'string' ? asset.source : new TextDecoder().decode(asset.source);
  };
  // The head script reads the backend's address and anon key like the app (src/shared/lib/env.ts).
  let bootEnv: Record<string, string> = {};
  const main: Plugin = {
    name: 'motorly:prerender-home',
    apply: 'build',
    configResolved(config) {
      bootEnv = Object.fromEntries(
        ['VITE_SUPABASE_URL', 'VITE_SUPABASE_ANON_KEY', 'VITE_EARLY_API_URL']
          .filter((key) => typeof config.env[key] === 'string')
          .map((key) => [key, String(config.env[key])]),
      );
    },
    buildStart() {
      hashes.scripts.length = 0;
      hashes.styles.length = 0;
      early = startEarlyWork(bootEnv);
      // Rejections surface when generateBundle awaits it; until then the promise must not count as unhandled.
      early.catch(() => undefined);
    },
    generateBundle: {
      order: 'pre',
      async handler() {
        const work = await (early ?? startEarlyWork(bootEnv));
        rendered = work.rendered;
        prerenderCss = work.prerenderCss;
        a11yBoot = work.a11yBoot;
        this.emitFile({ type: 'asset', fileName: PRERENDER_CSS, source: work.prerenderCss });
        this.emitFile({ type: 'asset', fileName: A11Y_BOOT_FILE, source: work.a11yBoot });
        this.emitFile({ type: 'asset', fileName: EARLY_VIEW_FILE, source: work.earlyView });
        this.emitFile({ type: 'asset', fileName: MARKET_VIEW_FILE, source: work.marketView });
      },
    },
    transformIndexHtml: {
      order: 'post',
      async handler(html, ctx) {
        if (!html.includes(ROOT_DIV)) throw new Error('prerender-home: index.html has no empty #root');
        const pages = rendered ?? (await renderPages());
        const start = startFiles(ctx.bundle);
        const stylesheets = (route: string) =>
          [...new Set([...start.css, ...routeStylesheets(ctx.bundle, route)])]
            .filter((file) => !html.includes(file))
            .concat(PRERENDER_CSS)
            .map((f) => `<link rel="stylesheet" crossorigin href="/${f}">`)
            .join('');
        // The head script and stylesheets in the page itself: its first paint then needs the HTML alone.
        const inline = (page: string) => inlineBlocking(page, (f) => blockingSource(ctx.bundle, f), hashes);
        const startPreloads = start.js
          .filter((file) => !html.includes(file))
          .map((file) => `<link rel="app-modulepreload" href="/${file}">`)
          .join('');
        const page = (route: string) =>
          html
            // The page paints from the HTML and CSS alone: the app's code is not fetched until after the
            // first paint (/a11y-boot.js turns these inert tags into real ones then), so it does not compete
            // with it. Without JavaScript nothing would run anyway.
            .replaceAll('<script type="module" crossorigin src=', '<script type="text/plain" data-app-entry src=')
            .replaceAll('<link rel="modulepreload" crossorigin href=', '<link rel="app-modulepreload" href=')
            // The head script first, before the stylesheets and icons: on a shared listing link it starts the
            // page's one data request, which nothing should queue behind (and a script after a stylesheet
            // waits for it).
            .replace('<title>', `<script src="/${A11Y_BOOT_FILE}"></script><title>`)
            .replace('</head>', `${startPreloads}${stylesheets(route)}</head>`);
        const home0 = page('home');
        const early = EARLY_ROUTES.map(({ route, name }) => routePreloadLinks(ctx.bundle, route, name, home0)).join('');
        const home = home0.replace('</head>', `${early}</head>`);
        // The head script marks the page (data-early-view-script) so that it does not ask for it again.
        extraHtml.set(
          LISTING_HTML,
          home
            .replace('<html lang="en-GB">', '<html lang="en-GB" data-early-view-script>')
            .replace(
              `<script src="/${A11Y_BOOT_FILE}"></script>`,
              `<script src="/${A11Y_BOOT_FILE}"></script><script async src="/${EARLY_VIEW_FILE}"></script>`,
            )
            .replace(ROOT_DIV, `<div id="root" data-prerendered="home">${pages.home}</div>`),
        );
        for (const screen of pages.screens) {
          const title = screen.body.match(/<h1[^>]*>([^<]*)<\/h1>/)?.[1] ?? '';
          // The screen's own code, inert like the start's (src/early/start-app.ts asks for both at once): the first
          // render needs it, and asked for once the start's code had run it came one batch of requests later.
          // Its stylesheets are in the page already (stylesheets(route)).
          const own = page(screen.route);
          const screenPreloads = routePreloadLinks(ctx.bundle, screen.route, 'screen', own);
          // The marketplace's first page is asked for by the head script and drawn by its early view, both once the
          // page has painted (src/early/head-script.ts), so neither delays that first paint.
          const market = screen.route === MARKET_ROUTE;
          const searchAttr = market ? ` data-early-search="${escapeHtml(pages.marketBody)}"` : '';
          extraHtml.set(
            screen.file,
            inline(
              own
                .replace('</head>', `${screenPreloads}</head>`)
                // /a11y-boot.js and main.tsx compare the address with the page this file holds.
                .replace(
                  '<html lang="en-GB">',
                  `<html lang="en-GB" data-prerendered-path="${screen.path}"${searchAttr}>`,
                )
                .replace(/<title>[^<]*<\/title>/, `<title>${title} · Motorly</title>`)
                .replace(ROOT_DIV, `<div id="root" data-prerendered="${screen.route}">${screen.body}</div>`),
            ),
          );
        }
        // A listing link's page (LISTING_HTML) keeps its files: its head asks for the early view beside the head
        // script anyway, and the car's picture waits for that script and the car, not for the stylesheets.
        return inline(home.replace(ROOT_DIV, `<div id="root" data-prerendered="home">${pages.home}</div>`));
      },
    },
  };
  // The screens' HTML files are made from index.html as Vite finished it (hashed asset names), so they are
  // emitted after Vite's own HTML step.
  const screens: Plugin = {
    name: 'motorly:prerender-screens',
    apply: 'build',
    generateBundle: {
      order: 'post',
      handler() {
        if (extraHtml.size === 0) throw new Error('prerender-home: no screen HTML was made');
        for (const [fileName, source] of extraHtml) this.emitFile({ type: 'asset', fileName, source });
        this.emitFile({ type: 'asset', fileName: CSP_HASHES_FILE, source: inlineHashesFile(hashes) });
      },
    },
    // A static host's headers (public/_headers, copied into the build) with this build's hashes: without them
    // its CSP would refuse the pages' inline head script and styles.
    writeBundle(options) {
      if (options.dir) writeFileSync(path.join(options.dir, '_headers'), staticHostHeadersFile(hashes));
    },
  };
  // `npm start` (vite preview): a listing link gets its own copy of the page (LISTING_HTML).
  const listingPage: Plugin = {
    name: 'motorly:listing-page',
    configurePreviewServer(server) {
      server.middlewares.use((req, _res, next) => {
        if (req.method === 'GET' && req.url && LISTING_PATH.test(req.url)) req.url = `/${LISTING_HTML}`;
        next();
      });
    },
  };
  return [main, screens, listingPage];
}
