import { BookmarksScreen } from '@/features/catalogue/bookmarks/bookmarks-screen';

export default function Screen() {
  return <BookmarksScreen />;
}
