export { TopNav, type TopNavProps } from './components/top-nav';
export { Footer } from './components/footer';
export { SkipLink, MAIN_CONTENT_ID } from './components/skip-link';
export { NotFoundScreen } from './components/not-found-screen';
export { NotificationBell } from './components/notification-bell';
export { BrandLogo } from './components/brand-logo';
export { layoutStore, setMenuOpen } from './store';
export { desktopLinks, mobileLinks, type NavViewer } from './nav-items';
export { useSignOutAction } from './use-sign-out';
