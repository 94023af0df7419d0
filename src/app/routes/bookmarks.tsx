import { usePageTitle } from '../use-page-title';
import { BookmarksScreen } from '@/features/catalogue/bookmarks/bookmarks-screen';

export default function Screen() {
  usePageTitle('Bookmarks');
  return <BookmarksScreen />;
}
