import { usePageTitle } from '../use-page-title';
import { CompareScreen } from '@/features/compare';

export default function Screen() {
  usePageTitle('Compare cars');
  return <CompareScreen />;
}
