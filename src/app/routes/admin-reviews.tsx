import { AdminReviewsScreen } from '@/features/admin';

export default function Screen() {
  return <AdminReviewsScreen />;
}
