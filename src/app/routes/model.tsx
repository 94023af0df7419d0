import { usePageTitle } from '../use-page-title';
import { useParams } from 'react-router-dom';
import { ModelScreen } from '@/features/brand-model';

/** /brand/{brandName}/{modelName} and /models/{brandName}/{modelName}: one screen. */
export default function Screen() {
  const { brandName = '', modelName = '' } = useParams();
  usePageTitle(decodeURIComponent(modelName));
  return <ModelScreen brandName={brandName} modelName={modelName} />;
}
