import { Link, useLocation } from 'react-router-dom';
import { useSavedSearches } from '@/data/saved-searches';
import { href } from '@/shared/lib/routes';
import { ButtonLink } from '@/shared/ui';
import { markViewed } from '../mark-viewed';
import { newSinceLabel, savedSearchHref } from '../new-count';
import { useNewCounts } from '../use-new-counts';
import { SaveSearchButton } from './save-search-button';
import '../saved-searches.css';

/**
 * The marketplace's saved-search strip: save the current filters, reopen a saved search. Signed out it only
 * offers to sign in, and reads nothing: the saved searches' query reads the newest 500 listings and re-runs
 * on every listing change (a first visit's whole download), for no one when nobody is signed in.
 */
export function SavedSearchesBar({ signedIn }: { signedIn: boolean }) {
  const { search } = useLocation();
  if (!signedIn) {
    return (
      <div className="ss-bar">
        <ButtonLink size="sm" variant="ghost" to={href.auth({ redirect: `${href.marketplace()}${search}` })}>
          Sign in to save this search
        </ButtonLink>
      </div>
    );
  }
  return <SignedInBar search={search} />;
}

function SignedInBar({ search }: { search: string }) {
  const saved = useSavedSearches();
  const fresh = useNewCounts(saved);
  return (
    <div className="ss-bar" data-testid="saved-searches-bar">
      <SaveSearchButton query={search.replace(/^\?/, '')} />
      {saved && saved.length > 0 && (
        <ul className="ss-chips" aria-label="Saved searches">
          {saved.map((s) => {
            const label = newSinceLabel(fresh.counts[s.id] ?? 0, fresh.source);
            return (
              <li key={s.id}>
                <Link className="ss-chip" to={savedSearchHref(s.filters.query)} onClick={() => markViewed(s.id)}>
                  <span className="ss-chip__name">{s.name}</span>
                  {label && <span className="ss-chip__new">{label}</span>}
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
