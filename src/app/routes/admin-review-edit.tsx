import { useParams } from 'react-router-dom';
import { AdminReviewEditorScreen } from '@/features/admin';

export default function AdminReviewEditScreen() {
  const { id = '' } = useParams();
  return <AdminReviewEditorScreen key={id} id={id} />;
}
