// The admin's reviews: repository, read hook and write hook.
export { useAdminWrites } from '../hooks/use-admin-writes';
export {
  useAdminReviews,
  type AdminReviewRow,
  type AdminReviewsView,
  type ModelOption,
} from '../hooks/use-admin-reviews';
export {
  reviewFormErrors,
  createReview,
  updateReview,
  setReviewPublished,
  deleteReview,
  REVIEW_SECTION_KEYS,
  REVIEW_LIMITS,
  type ReviewDraft,
  type ReviewFormErrors,
} from '../repositories/reviews-admin';
