import { useParams } from 'react-router-dom';
import { BrandScreen } from '@/features/catalogue/brand/brand-screen';

export default function Screen() {
  const { brandName = '' } = useParams();
  return <BrandScreen brandName={brandName} />;
}
