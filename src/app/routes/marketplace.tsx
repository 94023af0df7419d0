import { usePageTitle } from '../use-page-title';
import { installBenchHook } from '@/data/catalogue/bench-hook';
import { MarketplaceScreen } from '@/features/marketplace';

installBenchHook();

export default function Screen() {
  usePageTitle('Marketplace');
  return <MarketplaceScreen />;
}
