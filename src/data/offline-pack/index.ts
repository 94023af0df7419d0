// Public surface of the device's held listings (issue 32): recently opened, compared and offline-pack
// listings, the one pinned set (pinnedListingIds) and the ids the query engine's eviction must keep.
export * from './types';
export {
  recordListingOpened,
  pinnedListingIds,
  packListingIds,
  keptListingIds,
  windowListingIds,
  recentListings,
  packListings,
  packMeta,
  packPages,
  comparedListings,
} from './held';
export { setComparedListings, mirrorComparedListings } from './compared';
export { PACK_ID, readPack, updatePack, areaOutcodes, dropUnkeptListings, removePack } from './pack';
export { dexieListingScope, type HeldArea } from './scope';
export { watchHeldListings, type HeldSnapshot } from './watch';
export { useOfflinePack } from './use-offline-pack';
