// The local store's modules as one start-up step (src/main.tsx imports this once): one chunk and one task,
// as the old data barrel was, rather than a request and an evaluation per entry point.
export * as syncQueue from './sync-queue';
export * as bookmarks from './bookmarks';
export * as notifications from './notifications';
export * as priceAlerts from './price-alerts';
export * as savedSearches from './saved-searches';
export * as preferences from './preferences';
export * as leads from './leads';
export * as admin from './admin';
export * as personalisation from './personalisation';
export * as errorReports from './error-reports';
export * as device from './device';
