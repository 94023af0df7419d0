// /browse: the new-car range with URL-backed filters and sorting.
export { BrowseScreen } from './components/browse-screen';
