import { usePageTitle } from '../use-page-title';
import { ReviewsScreen } from '@/features/catalogue/reviews/reviews-screen';

export default function Screen() {
  usePageTitle('Reviews');
  return <ReviewsScreen />;
}
