import { useParams } from 'react-router-dom';
import { ButtonLink, CarIcon } from '@/shared/ui';
import { href } from '@/shared/lib/routes';
import { PlannedScreen } from '../components/planned-screen';

export default function BrandScreen() {
  const { brandName = '' } = useParams();
  return (
    <PlannedScreen
      eyebrow="Brand"
      title={brandName}
      intro={`Every ${brandName} model on sale in the UK, with prices, running costs and our expert verdicts.`}
      icon={<CarIcon size={26} />}
      emptyTitle={`${brandName} models will appear here`}
      emptyDescription="The brand’s line-up, with prices from new and review scores, will be listed here once the catalogue has synced."
      actions={<ButtonLink to={href.browse()}>Browse all brands</ButtonLink>}
    />
  );
}
