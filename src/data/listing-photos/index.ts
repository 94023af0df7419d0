// Listing photos: Storage URLs and file checks, the photo outbox (uploads queued with their blobs, sent
// in order by sync/photo-uploader.ts) and the hooks the stock editor, stock rows and car pictures read.
export * from './photo-files';
export {
  photoOutbox,
  PhotoOutboxDb,
  PHOTO_MAX_ATTEMPTS,
  PHOTO_RETRY_DELAYS,
  queuePhotoOps,
  duePhotoOps,
  nextPhotoRetryAt,
  markPhotoOpStarted,
  completePhotoOp,
  failPhotoOp,
  requeueInterruptedPhotoOps,
  retryPhotoOps,
  dropPhotoOps,
  watchPhotoOutbox,
  type PhotoOp,
  type PhotoOpKind,
  type PhotoOpState,
  type NewPhotoOp,
} from './photo-outbox';
export {
  summarisePhotoOps,
  usePhotoUploadState,
  useLocalPhotoUrls,
  usePhotoWrites,
  listingAwaitsServer,
  type PhotoUploadState,
} from './photo-uploads';
export {
  bookmarkedPhotoUrls,
  keepBookmarkedPhotos,
  PREFETCH_LISTINGS,
  PREFETCH_PHOTOS_PER_LISTING,
} from './photo-prefetch';
