import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import {
  ButtonLink,
  Card,
  CardDescription,
  CardTitle,
  LoadingBlock,
  PageHeader,
  UserIcon,
  SignInPage,
} from '@/shared/ui';
import { ChangePasswordForm, useAuth } from '@/features/auth';
import { ProfileCard } from '@/features/account';
import { OfflinePackCard } from '@/features/offline-pack';
import { NotificationSettings } from '@/features/notifications';
import { SavedSearchesManager } from '@/features/saved-searches';
import { href } from '@/shared/lib/routes';
import { usePageTitle } from '../use-page-title';
import { AccountSignOut } from '../components/account-sign-out';

/** Scrolls to #saved-searches / #notifications when the menu links there. */
function useHashTarget(): void {
  const { hash } = useLocation();
  useEffect(() => {
    if (!hash) return;
    const el = document.getElementById(hash.slice(1));
    el?.scrollIntoView({ block: 'start' });
  }, [hash]);
}

export default function AccountScreen() {
  usePageTitle('Account');
  useHashTarget();
  const loading = useAuth((s) => s.loading);
  const user = useAuth((s) => s.user);
  const isAdmin = useAuth((s) => s.isAdmin);
  if (loading && !user) return <LoadingBlock label="Loading your account…" />;
  const header = (
    <PageHeader
      eyebrow="Account"
      title="Your account"
      intro="Your profile, notifications, saved searches and privacy choices."
    />
  );
  if (!user) {
    return (
      <SignInPage
        header={header}
        icon={<UserIcon size={26} />}
        title="You're not signed in"
        description="Please sign in to manage your notification settings, saved searches and price alerts."
        signInTo={href.auth({ redirect: href.account() })}
      />
    );
  }
  return (
    <div className="container page">
      {header}
      <div className="acc-layout">
        <div className="acc-column">
          <Card as="section" className="acc-card" aria-labelledby="acc-signed-in">
            <h2 id="acc-signed-in" className="card__title">
              Signed in
            </h2>
            <CardDescription>
              {user.email}
              {isAdmin ? ' · Administrator' : ''}
            </CardDescription>
            <nav className="acc-links" aria-label="Your pages">
              <ButtonLink to={href.bookmarks()} size="sm">
                Bookmarks
              </ButtonLink>
              <ButtonLink to={href.myLeads()} size="sm">
                My Leads
              </ButtonLink>
              <ButtonLink to={href.dealerDashboard()} size="sm">
                Dealer Hub
              </ButtonLink>
            </nav>
            <AccountSignOut />
          </Card>
          <ProfileCard />
          <OfflinePackCard />
          <Card as="section" className="acc-card" aria-labelledby="saved-searches-title" id="saved-searches">
            <h2 id="saved-searches-title" className="card__title">
              Saved searches
            </h2>
            <SavedSearchesManager />
          </Card>
          <ChangePasswordForm />
        </div>
        <div className="acc-column">
          <section id="notifications" aria-labelledby="acc-notifications-title" className="acc-card">
            <h2 id="acc-notifications-title" className="card__title">
              Notification settings
            </h2>
            <NotificationSettings />
          </section>
          <Card as="section" className="acc-card">
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
      </div>
    </div>
  );
}
