// Every path of SPEC §2 in one place, with typed builders so links are never hand-assembled.
// The route table (src/app/route-table.tsx) maps these paths to screens; features link with `href`.

export const paths = {
  home: '/',
  browse: '/browse',
  brand: '/brand/:brandName',
  brandModel: '/brand/:brandName/:modelName',
  model: '/models/:brandName/:modelName',
  aiSearch: '/ai-search',
  reviews: '/reviews',
  marketplace: '/marketplace',
  listing: '/marketplace/:listingId',
  bookmarks: '/bookmarks',
  recommended: '/recommended',
  auth: '/auth',
  passwordReset: '/password-reset',
  account: '/account',
  privacy: '/privacy',
  privacySettings: '/privacy-settings',
  dataRights: '/data-rights',
  techDemo: '/tech-demo',
  performance: '/performance',
  myLeads: '/my-leads',
  dealerDashboard: '/dealer/dashboard',
  dealerStockNew: '/dealer/stock/new',
  dealerStockEdit: '/dealer/stock/:listingId/edit',
  dealerPage: '/dealers/:dealerId',
  ai2026: '/ai-2026',
  aiAssistant: '/ai-assistant',
  compare: '/compare',
  valueMyCar: '/value-my-car',
  admin: '/admin',
  adminDashboard: '/admin/dashboard',
  adminReviews: '/admin/reviews',
  adminReviewAdd: '/admin/reviews/add',
  adminReviewEdit: '/admin/reviews/edit/:id',
  adminSecurity: '/admin/security',
  adminErrors: '/admin/errors',
} as const;

export type RouteName = keyof typeof paths;

const seg = (value: string | number) => encodeURIComponent(String(value));

export const href = {
  home: () => paths.home,
  browse: () => paths.browse,
  brand: (brandName: string) => `/brand/${seg(brandName)}`,
  brandModel: (brandName: string, modelName: string) => `/brand/${seg(brandName)}/${seg(modelName)}`,
  model: (brandName: string, modelName: string) => `/models/${seg(brandName)}/${seg(modelName)}`,
  aiSearch: () => paths.aiSearch,
  reviews: () => paths.reviews,
  marketplace: () => paths.marketplace,
  listing: (listingId: string) => `/marketplace/${seg(listingId)}`,
  bookmarks: () => paths.bookmarks,
  recommended: () => paths.recommended,
  /** Sign-in screen; `redirect` is where to go after signing in. */
  auth: (opts: { redirect?: string; tab?: 'signin' | 'signup' } = {}) => {
    const q = new URLSearchParams();
    if (opts.tab) q.set('tab', opts.tab);
    if (opts.redirect && opts.redirect.startsWith('/') && !opts.redirect.startsWith('//'))
      q.set('redirect', opts.redirect);
    const s = q.toString();
    return s ? `${paths.auth}?${s}` : paths.auth;
  },
  passwordReset: () => paths.passwordReset,
  account: () => paths.account,
  privacy: () => paths.privacy,
  privacySettings: () => paths.privacySettings,
  dataRights: () => paths.dataRights,
  techDemo: () => paths.techDemo,
  performance: () => paths.performance,
  myLeads: () => paths.myLeads,
  dealerDashboard: () => paths.dealerDashboard,
  dealerStockNew: () => paths.dealerStockNew,
  dealerStockEdit: (listingId: string) => `/dealer/stock/${seg(listingId)}/edit`,
  dealerPage: (dealerId: string) => `/dealers/${seg(dealerId)}`,
  ai2026: () => paths.ai2026,
  aiAssistant: () => paths.aiAssistant,
  compare: () => paths.compare,
  valueMyCar: () => paths.valueMyCar,
  admin: () => paths.admin,
  adminDashboard: () => paths.adminDashboard,
  adminReviews: () => paths.adminReviews,
  adminReviewAdd: () => paths.adminReviewAdd,
  adminReviewEdit: (id: string) => `/admin/reviews/edit/${seg(id)}`,
  adminSecurity: () => paths.adminSecurity,
  adminErrors: () => paths.adminErrors,
} satisfies Record<RouteName, (...args: never[]) => string>;

/** Whether `pathname` is `prefix` or below it (segment-aware: /admin matches /admin/x, not /administer). */
export function isUnder(pathname: string, prefix: string): boolean {
  return pathname === prefix || pathname.startsWith(prefix.endsWith('/') ? prefix : `${prefix}/`);
}

/** A safe in-app redirect target from untrusted input (query string), else the fallback. */
export function safeRedirect(target: string | null | undefined, fallback = '/'): string {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return fallback;
  return target;
}
