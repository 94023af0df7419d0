import { usePageTitle } from '../use-page-title';
import { ValuationScreen } from '@/features/valuation';

export default function Screen() {
  usePageTitle('Value my car');
  return <ValuationScreen />;
}
