import { ReviewsScreen } from '@/features/catalogue/reviews/reviews-screen';

export default function Screen() {
  return <ReviewsScreen />;
}
