import { AdminReviewEditorScreen } from '@/features/admin';

export default function Screen() {
  return <AdminReviewEditorScreen />;
}
