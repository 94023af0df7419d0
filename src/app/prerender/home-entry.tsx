// Build-time only (vite-plugins/prerender-home.ts): renders the first screen a visitor to "/" sees,
// the layout and the home page before any data, so dist/index.html paints real content at once.
import { renderToString } from 'react-dom/server';
import { Route, Routes, StaticRouter } from 'react-router-dom';
import { MainLayout } from '../layouts/main-layout';
import HomeRoute from '../routes/home';

export function renderHome(): string {
  return renderToString(
    <StaticRouter location="/">
      <Routes>
        <Route element={<MainLayout />}>
          <Route path="/" element={<HomeRoute />} />
        </Route>
      </Routes>
    </StaticRouter>,
  );
}
