import { useNavigate } from 'react-router-dom';
import { useAdminReviews, useAdminWrites, type ReviewDraft } from '@/data/admin';
import { href } from '@/shared/lib/routes';
import { ButtonLink, EmptyState, LoadingBlock, PageHeader, StarIcon, toast } from '@/shared/ui';
import { emptyDraft, ReviewForm } from './review-form';
import '../admin.css';

/** /admin/reviews/add (no id) and /admin/reviews/edit/{id}. */
export function AdminReviewEditorScreen({ id }: { id?: string }) {
  const view = useAdminReviews();
  const writes = useAdminWrites();
  const navigate = useNavigate();
  if (!view) return <LoadingBlock label="Loading the review…" />;
  const existing = id ? view.reviews.find((r) => r.id === id) : undefined;
  const back = (
    <ButtonLink variant="ghost" to={href.adminReviews()}>
      Back to reviews
    </ButtonLink>
  );
  if (id && !existing)
    return (
      <div className="container page admin">
        <PageHeader eyebrow="Admin" title="Edit review" actions={back} />
        <EmptyState
          icon={<StarIcon size={26} />}
          title="Review not found"
          description="It may have been deleted."
          actions={back}
        />
      </div>
    );
  const save = async (draft: ReviewDraft) => {
    try {
      if (existing) await writes.updateReview(existing.id, draft, existing.published);
      else await writes.createReview(draft);
      toast({ title: existing ? 'Review saved' : 'Review created', description: 'It syncs to the server.' });
      navigate(href.adminReviews());
    } catch {
      toast({ title: 'Update Failed', description: 'The review could not be saved.', variant: 'destructive' });
    }
  };
  const initial: ReviewDraft = existing
    ? { ...existing, sections: { ...emptyDraft().sections, ...existing.sections } }
    : emptyDraft();
  return (
    <div className="container page admin">
      <PageHeader eyebrow="Admin" title={existing ? 'Edit review' : 'Add review'} actions={back} />
      <ReviewForm
        initial={initial}
        models={view.models}
        submitLabel={existing ? 'Save review' : 'Create review'}
        onSubmit={save}
      />
    </div>
  );
}
