import { ButtonLink, Card, CardDescription, CardTitle, EmptyState, LoadingBlock, PageHeader, UserIcon } from '@/shared/ui';
import { useAuth } from '@/features/auth';
import { href } from '@/shared/lib/routes';
import { usePageTitle } from '../use-page-title';

export default function AccountScreen() {
  usePageTitle('Account');
  const loading = useAuth((s) => s.loading);
  const user = useAuth((s) => s.user);
  const isAdmin = useAuth((s) => s.isAdmin);
  if (loading && !user) return <LoadingBlock label="Loading your account…" />;
  return (
    <div className="container page">
      <PageHeader eyebrow="Account" title="Your account" intro="Your sign-in details, preferences and privacy choices." />
      {user ? (
        <div className="grid-cards">
          <Card as="section">
            <CardTitle as="h2">Signed in</CardTitle>
            <CardDescription>
              {user.email}
              {isAdmin ? ' · Administrator' : ''}
            </CardDescription>
          </Card>
          <Card as="section">
            <CardTitle as="h2">Privacy</CardTitle>
            <CardDescription>Manage cookies and see what we hold about you.</CardDescription>
            <div className="cluster">
              <ButtonLink to={href.privacySettings()} size="sm">
                Privacy settings
              </ButtonLink>
              <ButtonLink to={href.dataRights()} size="sm" variant="ghost">
                Your data rights
              </ButtonLink>
            </div>
          </Card>
        </div>
      ) : (
        <EmptyState
          icon={<UserIcon size={26} />}
          title="You're not signed in"
          description="Sign in to sync your saved cars, price alerts and enquiries across your devices."
          actions={
            <ButtonLink to={href.auth({ redirect: href.account() })} variant="primary">
              Sign In
            </ButtonLink>
          }
        />
      )}
    </div>
  );
}
