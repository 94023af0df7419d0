import { usePageTitle } from '../use-page-title';
import { useParams } from 'react-router-dom';
import { BrandScreen } from '@/features/catalogue/brand/brand-screen';

export default function Screen() {
  const { brandName = '' } = useParams();
  usePageTitle(decodeURIComponent(brandName));
  return <BrandScreen brandName={brandName} />;
}
