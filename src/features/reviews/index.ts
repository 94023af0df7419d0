// /reviews: expert reviews with full-text search and filters.
export { ReviewsScreen } from './components/reviews-screen';
