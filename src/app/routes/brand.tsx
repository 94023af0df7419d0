import { usePageTitle } from '../use-page-title';
import { useParams } from 'react-router-dom';
import { BrandScreen } from '@/features/brand-model';

export default function Screen() {
  const { brandName = '' } = useParams();
  usePageTitle(decodeURIComponent(brandName));
  return <BrandScreen brandName={brandName} />;
}
