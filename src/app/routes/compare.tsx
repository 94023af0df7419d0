import { usePageTitle } from '../use-page-title';
import { CompareScreen } from '@/features/catalogue/compare/compare-screen';

export default function Screen() {
  usePageTitle('Compare cars');
  return <CompareScreen />;
}
