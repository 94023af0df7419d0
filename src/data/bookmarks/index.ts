// Bookmarks: the repository (the only writer), the live-query hooks and the toggle hook.
export { useBookmarks, useIsBookmarked } from '../hooks/use-bookmarks';
export { useToggleBookmark } from '../hooks/use-write-actions';
export {
  findBookmark,
  addBookmark,
  removeBookmark,
  toggleBookmark,
  type BookmarkTarget,
} from '../repositories/bookmarks';
