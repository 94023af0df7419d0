import { DataRightsScreen } from '@/features/data-rights';
import { useAuth } from '@/features/auth';
import { href } from '@/shared/lib/routes';
import { usePageTitle } from '../use-page-title';

export default function Screen() {
  usePageTitle('Your Data Rights');
  const user = useAuth((s) => s.user);
  const loading = useAuth((s) => s.loading);
  return (
    <DataRightsScreen
      account={user ? { id: user.id, email: user.email ?? null } : null}
      authLoading={loading}
      // A full load: the app starts again signed out on an empty store, here, where the confirmation shows.
      onAccountDeleted={() => window.location.assign(href.dataRights())}
    />
  );
}
