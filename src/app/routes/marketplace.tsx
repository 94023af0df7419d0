import { usePageTitle } from '../use-page-title';
import { MarketplaceScreen } from '@/features/marketplace';
import { useAuth } from '@/features/auth';
import { SavedSearchesBar } from '@/features/saved-searches';

// bench:catalogue's page hook exists only in builds made with VITE_TEST_HOOKS=1.
if (import.meta.env.VITE_TEST_HOOKS === '1' && typeof window !== 'undefined')
  void import('@/data/catalogue/bench-hook').then((m) => m.installBenchHook());

export default function Screen() {
  usePageTitle('Marketplace');
  const signedIn = useAuth((s) => Boolean(s.user));
  return <MarketplaceScreen savedSearches={<SavedSearchesBar signedIn={signedIn} />} />;
}
