import { useParams } from 'react-router-dom';
import { ButtonLink, StarIcon } from '@/shared/ui';
import { href } from '@/shared/lib/routes';
import { PlannedScreen } from '../components/planned-screen';

/** Serves both /brand/:brandName/:modelName and /models/:brandName/:modelName. */
export default function ModelScreen() {
  const { brandName = '', modelName = '' } = useParams();
  return (
    <PlannedScreen
      eyebrow={brandName}
      title={`${brandName} ${modelName}`}
      intro="Our expert review, specifications, running costs and the best deals on this model."
      icon={<StarIcon size={26} />}
      emptyTitle="The review will appear here"
      emptyDescription="Scores, verdict, pros and cons, trims, tax band and insurance group for this model will be shown here."
      actions={<ButtonLink to={href.brand(brandName)}>More from {brandName}</ButtonLink>}
    />
  );
}
