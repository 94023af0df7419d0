import { Link } from 'react-router-dom';
import { useBookmarks } from '@/data/bookmarks';
import { href } from '@/shared/lib/routes';
import { BookmarkIcon, formatCount } from '@/shared/ui';

/** The header's way to the saved cars (desktop and tablet; phones have it in the menu), with a count. */
export function BookmarksLink({ active }: { active: boolean }) {
  const count = useBookmarks()?.length ?? 0;
  return (
    <Link
      to={href.bookmarks()}
      className="btn btn--ghost btn--icon nav-bell nav-bookmarks"
      aria-label={count > 0 ? `Bookmarks (${count})` : 'Bookmarks'}
      aria-current={active ? 'page' : undefined}
      data-testid="header-bookmarks"
    >
      <BookmarkIcon />
      {count > 0 && (
        <span className="nav-bell__badge nav-bookmarks__badge" aria-hidden="true">
          {formatCount(count)}
        </span>
      )}
    </Link>
  );
}
