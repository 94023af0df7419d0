import { usePageTitle } from '../use-page-title';
import { BookmarksScreen } from '@/features/bookmarks';

export default function Screen() {
  usePageTitle('Bookmarks');
  return <BookmarksScreen />;
}
