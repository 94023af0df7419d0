import { useMemo, useState } from 'react';
import { useAdminReviews, useAdminWrites, type AdminReviewRow } from '@/data/admin';
import { Pagination } from '@/entities/car';
import { href } from '@/shared/lib/routes';
import { useCatalogueArriving } from '@/sync';
import {
  Badge,
  Button,
  ButtonLink,
  Dialog,
  EmptyState,
  Field,
  Input,
  LoadingBlock,
  PageHeader,
  Select,
  StarIcon,
  toast,
} from '@/shared/ui';
import '../admin.css';

type StatusFilter = 'all' | 'published' | 'draft';
/** Reviews per page: the catalogue has about 300, too many for one list. */
const PAGE_SIZE = 25;
const STATUS = [
  { value: 'all', label: 'All reviews' },
  { value: 'published', label: 'Published' },
  { value: 'draft', label: 'Drafts' },
];

/** /admin/reviews: every review with search and filters, publish / unpublish, edit and delete. */
export function AdminReviewsScreen() {
  const view = useAdminReviews();
  // The first download may still be bringing reviews in: wait rather than say there are none.
  const arriving = useCatalogueArriving();
  const writes = useAdminWrites();
  const [query, setQuery] = useState('');
  const [status, setStatus] = useState<StatusFilter>('all');
  const [model, setModel] = useState('');
  const [deleting, setDeleting] = useState<AdminReviewRow | null>(null);
  const [page, setPage] = useState(1);
  const rows = useMemo(() => {
    const q = query.trim().toLowerCase();
    return (view?.reviews ?? []).filter(
      (r) =>
        (status === 'all' || r.published === (status === 'published')) &&
        (model === '' || r.car_model_id === model) &&
        (q === '' || `${r.title} ${r.modelName} ${r.author}`.toLowerCase().includes(q)),
    );
  }, [view, query, status, model]);
  const pages = Math.max(1, Math.ceil(rows.length / PAGE_SIZE));
  // A filter change or a deletion can leave the page past the end: show the last one instead.
  const current = Math.min(page, pages);
  const shown = rows.slice((current - 1) * PAGE_SIZE, current * PAGE_SIZE);
  const filter =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      setPage(1);
    };

  const run = async (action: () => Promise<unknown>, title: string) => {
    try {
      await action();
      toast({ title, description: 'Saved; it syncs to the server.' });
    } catch {
      toast({ title: 'Update Failed', description: 'The review could not be changed.', variant: 'destructive' });
    }
  };

  if (!view) return <LoadingBlock label="Loading reviews…" />;
  return (
    <div className="container page admin">
      <PageHeader
        eyebrow="Admin"
        title="Manage reviews"
        intro="Create, edit and publish expert reviews."
        actions={
          <ButtonLink variant="primary" to={href.adminReviewAdd()}>
            Add review
          </ButtonLink>
        }
      />
      <div className="admin-filters" role="group" aria-label="Filters">
        <Field label="Search">
          <Input
            type="search"
            value={query}
            placeholder="Title, model or author"
            onChange={(e) => filter(setQuery)(e.target.value)}
          />
        </Field>
        <Field label="Status">
          <Select value={status} options={STATUS} onChange={(e) => filter(setStatus)(e.target.value as StatusFilter)} />
        </Field>
        <Field label="Model">
          <Select
            value={model}
            placeholder="All models"
            options={view.models.map((m) => ({ value: m.id, label: m.name }))}
            onChange={(e) => filter(setModel)(e.target.value)}
          />
        </Field>
      </div>
      {rows.length === 0 && arriving ? (
        <LoadingBlock label="Downloading reviews…" />
      ) : rows.length === 0 ? (
        <EmptyState icon={<StarIcon size={26} />} title="No reviews" description="No review matches these filters." />
      ) : (
        <>
          <p className="admin-count" aria-live="polite">
            Showing {((current - 1) * PAGE_SIZE + 1).toLocaleString('en-GB')}–
            {((current - 1) * PAGE_SIZE + shown.length).toLocaleString('en-GB')} of{' '}
            {rows.length.toLocaleString('en-GB')} reviews
          </p>
          <ul className="admin-list" data-testid="admin-reviews">
            {shown.map((r) => (
              <li key={r.id} className="admin-row">
                <div className="admin-row__main">
                  <span className="admin-row__title">{r.title}</span>
                  <span className="admin-row__meta">
                    {r.modelName} · {r.author} · {r.cs_score.toFixed(1)}/10
                  </span>
                </div>
                <Badge variant={r.published ? 'success' : 'neutral'}>{r.published ? 'Published' : 'Draft'}</Badge>
                <div className="admin-row__actions">
                  <Button
                    size="sm"
                    onClick={() =>
                      run(
                        () => writes.setReviewPublished(r.id, !r.published),
                        r.published ? 'Review unpublished' : 'Review published',
                      )
                    }
                  >
                    {r.published ? 'Unpublish' : 'Publish'}
                  </Button>
                  <ButtonLink size="sm" variant="ghost" to={href.adminReviewEdit(r.id)}>
                    Edit
                  </ButtonLink>
                  <Button size="sm" variant="danger" onClick={() => setDeleting(r)}>
                    Delete
                  </Button>
                </div>
              </li>
            ))}
          </ul>
          <Pagination page={current} pageSize={PAGE_SIZE} total={rows.length} onPage={setPage} />
        </>
      )}
      <Dialog
        open={deleting !== null}
        onOpenChange={(o) => !o && setDeleting(null)}
        title="Delete this review?"
        description={deleting ? `“${deleting.title}” will be removed for everyone. This cannot be undone.` : undefined}
        footer={
          <>
            <Button variant="ghost" onClick={() => setDeleting(null)}>
              Cancel
            </Button>
            <Button
              variant="danger"
              onClick={() => {
                const r = deleting;
                setDeleting(null);
                if (r) void run(() => writes.deleteReview(r.id), 'Review deleted');
              }}
            >
              Delete review
            </Button>
          </>
        }
      />
    </div>
  );
}
