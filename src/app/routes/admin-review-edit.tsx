import { useParams } from 'react-router-dom';
import { ButtonLink, StarIcon } from '@/shared/ui';
import { href } from '@/shared/lib/routes';
import { PlannedScreen } from '../components/planned-screen';

export default function AdminReviewEditScreen() {
  const { id = '' } = useParams();
  return (
    <PlannedScreen
      eyebrow="Admin"
      title="Edit review"
      intro={`Review ${id}: update its scores, verdict and publication status.`}
      icon={<StarIcon size={26} />}
      emptyTitle="Review editor"
      emptyDescription="The review’s fields will load here for editing."
      actions={<ButtonLink to={href.adminReviews()}>Back to reviews</ButtonLink>}
    />
  );
}
