import { usePageTitle } from '../use-page-title';
import { ReviewsScreen } from '@/features/reviews';

export default function Screen() {
  usePageTitle('Reviews');
  return <ReviewsScreen />;
}
