// Offline/sync status badge with its detail card (SPEC §2 overlays), rendered in the top bar.
export { SyncStatusBadge } from './components/sync-status-badge';
export { useSyncStatus } from './hooks/use-sync-status';
export type { SyncStatusView } from './hooks/use-sync-status';
