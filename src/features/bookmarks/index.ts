// /bookmarks: saved models and listings from the local store.
export { BookmarksScreen } from './components/bookmarks-screen';
