import { usePageTitle } from '../use-page-title';
import { installBenchHook } from '@/data/catalogue/bench-hook';
import { useAuth } from '@/features/auth';
import { MarketplaceScreen } from '@/features/catalogue/marketplace/marketplace-screen';
import { SavedSearchesBar } from '@/features/saved-searches';

installBenchHook();

export default function Screen() {
  usePageTitle('Marketplace');
  const signedIn = useAuth((s) => Boolean(s.user));
  return <MarketplaceScreen savedSearches={<SavedSearchesBar signedIn={signedIn} />} />;
}
