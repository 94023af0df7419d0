// Build-time only (vite-plugins/prerender-home.ts): renders the first screen a visitor sees, the layout
// and a page before any data, so the HTML paints real content at once: "/" (dist/index.html, hydrated by
// main.tsx, keeping its nodes, hence the first paint as the largest one) and the screens listed in
// PRERENDERED_SCREENS (their own HTML file, which the client renders over once their chunk is loaded).
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { AppShell } from '@/app/app-shell';
import { preloadHomeRoute } from '@/app/home-route';
import { preloadMainLayout } from '@/app/layouts/main-layout';
import { PRERENDERED_SCREENS, routes } from '@/app/route-table';
import { parseSearchParams } from '@/data/catalogue/filters';
import { searchBody } from '@/data/catalogue/query';

async function render(path: string): Promise<string> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://localhost${path}`));
  if (context instanceof Response) throw new Error(`prerender: "${path}" answered ${context.status}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(
    <StrictMode>
      <AppShell>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppShell>
    </StrictMode>,
  );
}

export async function renderHome(): Promise<string> {
  // The layout's lazy header parts (the sync badge) load first, or a busy build renders their fallback.
  await Promise.all([preloadHomeRoute(), preloadMainLayout()]);
  return render('/');
}

/** A lazy screen renders its fallback until its chunk has loaded: the first pass starts the load. */
export async function renderScreen(path: string): Promise<string> {
  const screen = PRERENDERED_SCREENS.find((s) => s.path === path);
  if (!screen) throw new Error(`prerender: "${path}" is not in PRERENDERED_SCREENS`);
  await render(path);
  await Promise.all([screen.load(), preloadMainLayout()]);
  await new Promise((resolve) => setTimeout(resolve, 0));
  const html = await render(path);
  if (!html.includes('<h1')) throw new Error(`prerender: "${path}" rendered no page heading`);
  return html;
}

export const screenFiles = (): { path: string; file: string }[] =>
  PRERENDERED_SCREENS.map(({ path, file }) => ({ path, file }));

/**
 * The first page's search_listings request body of /marketplace with no query string, as the app's query engine
 * sends it (the same modules make it): marketplace.html carries it for the head script's early request.
 */
export function marketplaceFirstPageBody(): string {
  const search = parseSearchParams('');
  return searchBody(search, null, search.pageSize);
}
