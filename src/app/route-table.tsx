// The one route table (SPEC §2). Paths come from shared/lib/routes (with typed `href` builders);
// every screen is a lazy chunk behind its own error boundary, inside the layout it belongs to.
import { lazy, Suspense, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import { Navigate, useLocation, type RouteObject } from 'react-router-dom';
import { paths } from '@/shared/lib/routes';
import { LoadingBlock } from '@/shared/ui';
import { MainLayout } from './layouts/main-layout';
import { BareLayout } from './layouts/bare-layout';
import { AdminGuard } from './guards/admin-guard';
import { HomeRoute } from './home-route';
import { lazyWithPreload } from '@/shared/lib/lazy-with-preload';
import { RouteErrorBoundary } from './errors/route-error-boundary';
import { RouterErrorScreen } from './errors/router-error-screen';

export { href, paths } from '@/shared/lib/routes';

type Screen = LazyExoticComponent<ComponentType> | ComponentType;

const Marketplace = lazyWithPreload(() => import('./routes/marketplace').then((m) => m.default));

/**
 * Screens that the build also prerenders as their own HTML file (vite-plugins/prerender-home.ts): path,
 * file and chunk loader. The client loads the chunk before it renders over that HTML, so the page does not
 * blink through the loading fallback.
 */
export const PRERENDERED_SCREENS = [{ path: paths.marketplace, file: 'marketplace.html', load: Marketplace.preload }];

const Listing = lazyWithPreload(() => import('./routes/listing-detail').then((m) => m.default));

/**
 * The listing screen's chunk: a shared listing link whose top the head script has drawn (or is drawing)
 * from its early answer loads it before the app's first render, which then shows the same top, not the
 * loading fallback.
 */
export const preloadListingScreen = (): Promise<unknown> => Listing.preload();

const S = {
  browse: lazy(() => import('./routes/browse')),
  brand: lazy(() => import('./routes/brand')),
  model: lazy(() => import('./routes/model')),
  aiSearch: lazy(() => import('./routes/ai-search')),
  reviews: lazy(() => import('./routes/reviews')),
  marketplace: Marketplace,
  listing: Listing,
  dealer: lazy(() => import('./routes/dealer')),
  bookmarks: lazy(() => import('./routes/bookmarks')),
  recommended: lazy(() => import('./routes/recommended')),
  auth: lazy(() => import('./routes/auth')),
  passwordReset: lazy(() => import('./routes/password-reset')),
  account: lazy(() => import('./routes/account')),
  privacy: lazy(() => import('./routes/privacy')),
  privacySettings: lazy(() => import('./routes/privacy-settings')),
  dataRights: lazy(() => import('./routes/data-rights')),
  techDemo: lazy(() => import('./routes/tech-demo')),
  performance: lazy(() => import('./routes/performance')),
  myLeads: lazy(() => import('./routes/my-leads')),
  dealerDashboard: lazy(() => import('./routes/dealer-dashboard')),
  dealerStockNew: lazy(() => import('./routes/dealer-stock-new')),
  dealerStockEdit: lazy(() => import('./routes/dealer-stock-edit')),
  ai2026: lazy(() => import('./routes/ai-2026')),
  aiAssistant: lazy(() => import('./routes/ai-assistant')),
  compare: lazy(() => import('./routes/compare')),
  valueMyCar: lazy(() => import('./routes/value-my-car')),
  adminDashboard: lazy(() => import('./routes/admin-dashboard')),
  adminReviews: lazy(() => import('./routes/admin-reviews')),
  adminReviewAdd: lazy(() => import('./routes/admin-review-add')),
  adminReviewEdit: lazy(() => import('./routes/admin-review-edit')),
  adminSecurity: lazy(() => import('./routes/admin-security')),
  adminErrors: lazy(() => import('./routes/admin-errors')),
  notFound: lazy(() => import('./routes/not-found')),
} satisfies Record<string, Screen>;

function screen(name: string, Component: Screen, wrap?: (node: ReactNode) => ReactNode): ReactNode {
  const node = (
    <RouteErrorBoundary name={name}>
      <Suspense fallback={<LoadingBlock />}>
        <Component />
      </Suspense>
    </RouteErrorBoundary>
  );
  return wrap ? wrap(node) : node;
}

const admin = (node: ReactNode) => <AdminGuard>{node}</AdminGuard>;

/** /admin opens the dashboard (its range and other query parameters kept). */
function AdminHome() {
  const { search } = useLocation();
  return <Navigate to={`${paths.adminDashboard}${search}`} replace />;
}

/** Screens inside the main layout (top navigation + footer). */
const withChrome: RouteObject[] = [
  { path: paths.home, element: screen('home', HomeRoute) },
  { path: paths.browse, element: screen('browse', S.browse) },
  { path: paths.brand, element: screen('brand', S.brand) },
  { path: paths.brandModel, element: screen('model', S.model) },
  { path: paths.model, element: screen('model', S.model) },
  { path: paths.aiSearch, element: screen('ai-search', S.aiSearch) },
  { path: paths.reviews, element: screen('reviews', S.reviews) },
  { path: paths.marketplace, element: screen('marketplace', S.marketplace) },
  { path: paths.listing, element: screen('listing', S.listing) },
  { path: paths.dealerPage, element: screen('dealer', S.dealer) },
  { path: paths.bookmarks, element: screen('bookmarks', S.bookmarks) },
  { path: paths.recommended, element: screen('recommended', S.recommended) },
  { path: paths.account, element: screen('account', S.account) },
  { path: paths.privacy, element: screen('privacy', S.privacy) },
  { path: paths.privacySettings, element: screen('privacy-settings', S.privacySettings) },
  { path: paths.dataRights, element: screen('data-rights', S.dataRights) },
  { path: paths.techDemo, element: screen('tech-demo', S.techDemo) },
  { path: paths.performance, element: screen('performance', S.performance) },
  { path: paths.myLeads, element: screen('my-leads', S.myLeads) },
  { path: paths.dealerDashboard, element: screen('dealer-dashboard', S.dealerDashboard) },
  { path: paths.dealerStockNew, element: screen('dealer-stock-new', S.dealerStockNew) },
  { path: paths.dealerStockEdit, element: screen('dealer-stock-edit', S.dealerStockEdit) },
  { path: paths.ai2026, element: screen('ai-2026', S.ai2026) },
  { path: paths.aiAssistant, element: screen('ai-assistant', S.aiAssistant) },
  { path: paths.compare, element: screen('compare', S.compare) },
  { path: paths.valueMyCar, element: screen('value-my-car', S.valueMyCar) },
  { path: paths.admin, element: <AdminHome /> },
  { path: paths.adminDashboard, element: screen('admin-dashboard', S.adminDashboard, admin) },
  { path: paths.adminReviews, element: screen('admin-reviews', S.adminReviews, admin) },
  { path: paths.adminReviewAdd, element: screen('admin-review-add', S.adminReviewAdd, admin) },
  { path: paths.adminReviewEdit, element: screen('admin-review-edit', S.adminReviewEdit, admin) },
  { path: paths.adminSecurity, element: screen('admin-security', S.adminSecurity, admin) },
  { path: paths.adminErrors, element: screen('admin-errors', S.adminErrors, admin) },
];

/** Screens without navigation or footer. */
const bare: RouteObject[] = [
  { path: paths.auth, element: screen('auth', S.auth) },
  { path: paths.passwordReset, element: screen('password-reset', S.passwordReset) },
  { path: '*', element: screen('not-found', S.notFound) },
];

export const routes: RouteObject[] = [
  {
    errorElement: <RouterErrorScreen />,
    children: [
      { element: <MainLayout />, children: withChrome },
      { element: <BareLayout />, children: bare },
    ],
  },
];
