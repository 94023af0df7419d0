import { Link, useLocation } from 'react-router-dom';
import { savedSearchWrites, useSavedSearches } from '@/data';
import { href } from '@/shared/lib/routes';
import { ButtonLink } from '@/shared/ui';
import { newSinceLabel, savedSearchHref } from '../new-count';
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
  return (
    <div className="ss-bar" data-testid="saved-searches-bar">
      <SaveSearchButton query={search.replace(/^\?/, '')} />
      {saved && saved.length > 0 && (
        <ul className="ss-chips" aria-label="Saved searches">
          {saved.map((s) => {
            const fresh = newSinceLabel(s.newCount);
            return (
              <li key={s.id}>
                <Link
                  className="ss-chip"
                  to={savedSearchHref(s.filters.query)}
                  onClick={() => void savedSearchWrites.markViewed(s.id).catch(() => undefined)}
                >
                  <span className="ss-chip__name">{s.name}</span>
                  {fresh && <span className="ss-chip__new">{fresh}</span>}
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
