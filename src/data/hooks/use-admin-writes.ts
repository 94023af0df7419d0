// Write hooks of the admin area: each a repository call bound to the app's store (outbox writes).
import { useMemo } from 'react';
import { bound } from './bound';
import { resolveErrorReport } from '../repositories/error-reports';
import { createReview, deleteReview, setReviewPublished, updateReview } from '../repositories/reviews-admin';

/** Mark error reports resolved; create, edit, publish and delete reviews. */
export function useAdminWrites() {
  return useMemo(
    () => ({
      resolveErrorReport: bound(resolveErrorReport),
      createReview: bound(createReview),
      updateReview: bound(updateReview),
      setReviewPublished: bound(setReviewPublished),
      deleteReview: bound(deleteReview),
    }),
    [],
  );
}
