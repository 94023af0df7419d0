import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import {
  savedSearchWrites,
  useSavedSearches,
  validateSavedSearchName,
  type SavedSearchView,
} from '@/data/saved-searches';
import { formatDate } from '@/shared/lib/format';
import { Button, Field, Input, toast } from '@/shared/ui';
import { markViewed } from '../mark-viewed';
import { newSinceLabel, savedSearchHref } from '../new-count';
import { useNewCounts } from '../use-new-counts';
import '../saved-searches.css';

function Row({ s, fresh }: { s: SavedSearchView; fresh: string | null }) {
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(s.name);
  const [error, setError] = useState<string | null>(null);

  const save = async (e: FormEvent) => {
    e.preventDefault();
    const problem = validateSavedSearchName(name);
    if (problem) return setError(problem);
    try {
      await savedSearchWrites.rename(s.id, name);
      setEditing(false);
      toast({ title: 'Search renamed', description: `Saved as "${name.trim()}".`, variant: 'success' });
    } catch {
      toast({ title: 'Error', description: 'Failed to rename this search.', variant: 'destructive' });
    }
  };
  const remove = async () => {
    try {
      await savedSearchWrites.remove(s.id);
      toast({ title: 'Search deleted', description: `"${s.name}" has been removed.`, variant: 'success' });
    } catch {
      toast({ title: 'Error', description: 'Failed to delete this search.', variant: 'destructive' });
    }
  };

  return (
    <li className="row-list__item" data-testid="saved-search">
      {editing ? (
        <form className="ss-rename" onSubmit={(e) => void save(e)} noValidate>
          <Field label="Name" error={error}>
            <Input value={name} maxLength={120} onChange={(e) => setName(e.target.value)} autoFocus />
          </Field>
          <div className="ss-row__actions">
            <Button size="sm" type="submit" variant="primary">
              Save
            </Button>
            <Button size="sm" type="button" onClick={() => (setEditing(false), setName(s.name), setError(null))}>
              Cancel
            </Button>
          </div>
        </form>
      ) : (
        <>
          <div className="ss-row__text">
            <Link to={savedSearchHref(s.filters.query)} onClick={() => markViewed(s.id)} className="ss-row__name">
              {s.name}
            </Link>
            <span className="ss-muted">
              {fresh ?? 'Nothing new since you last looked'}
              {s.created_at ? ` · saved ${formatDate(s.created_at)}` : ''}
            </span>
          </div>
          <div className="ss-row__actions">
            <Button size="sm" variant="ghost" onClick={() => setEditing(true)} aria-label={`Rename ${s.name}`}>
              Rename
            </Button>
            <Button size="sm" variant="ghost" onClick={() => void remove()} aria-label={`Delete ${s.name}`}>
              Delete
            </Button>
          </div>
        </>
      )}
    </li>
  );
}

/** The account page's list of saved searches: open, rename, delete. */
export function SavedSearchesManager() {
  const saved = useSavedSearches();
  const counted = useNewCounts(saved);
  if (saved === undefined) return <p className="ss-muted">Loading saved searches...</p>;
  if (saved.length === 0) {
    return (
      <p className="ss-muted">
        No saved searches yet. Set filters on the <Link to="/marketplace">marketplace</Link> and choose Save this
        search.
      </p>
    );
  }
  return (
    <ul className="row-list" data-testid="saved-search-list">
      {saved.map((s) => (
        <Row key={s.id} s={s} fresh={newSinceLabel(counted.counts[s.id] ?? 0, counted.source)} />
      ))}
    </ul>
  );
}
