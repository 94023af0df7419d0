// Build-time only (vite-plugins/prerender-home.ts): renders the first screen a visitor to "/" sees,
// the layout and the home page before any data, so dist/index.html paints real content at once.
// It renders the client's own route table and shell, so that main.tsx can hydrate the HTML (keeping
// its nodes, hence the first paint as the largest one) instead of replacing it.
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { AppShell } from '../app-shell';
import { preloadHomeRoute } from '../home-route';
import { routes } from '../route-table';

export async function renderHome(): Promise<string> {
  await preloadHomeRoute();
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request('http://localhost/'));
  if (context instanceof Response) throw new Error(`prerender: "/" answered ${context.status}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(
    <StrictMode>
      <AppShell>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppShell>
    </StrictMode>,
  );
}
