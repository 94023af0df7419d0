import { useEffect, useState } from 'react';
import { ButtonLink, Card, LoadingBlock, PageHeader } from '@/shared/ui';
import { href } from '@/shared/lib/routes';
import { DeleteAccountCard } from './delete-account-card';
import { ExportCard } from './export-card';
import { RightsList } from './rights-list';
import { accountWasDeleted, forgetAccountDeleted } from '../account-deleted-notice';
import '../data-rights.css';

export interface DataRightsScreenProps {
  /** The signed-in account, or null for a visitor. */
  account: { id: string; email: string | null } | null;
  authLoading: boolean;
  /** After the account was deleted (signed out, device cleared). */
  onAccountDeleted: () => void;
}

/** /data-rights: UK GDPR rights explained, and for a signed-in user the export and erasure actions. */
export function DataRightsScreen({ account, authLoading, onAccountDeleted }: DataRightsScreenProps) {
  // Read during the first render (the page a deletion lands on), forgotten once shown.
  const [justDeleted] = useState(() => accountWasDeleted());
  useEffect(() => {
    if (justDeleted) forgetAccountDeleted();
  }, [justDeleted]);
  return (
    <div className="container page">
      <PageHeader
        eyebrow="Legal"
        title="Your Data Rights"
        intro="Under UK GDPR you have rights over the personal data Motorly holds about you. Here is what they mean and how to use them."
      />
      {justDeleted && !account && <AccountDeletedCard />}
      <div className="split rights-layout">
        <RightsList />
        <div className="rights-layout__actions">
          {authLoading && !account ? (
            <LoadingBlock label="Checking your sign-in…" />
          ) : account ? (
            <>
              <ExportCard />
              <DeleteAccountCard email={account.email} onDeleted={onAccountDeleted} />
            </>
          ) : (
            <Card as="section" aria-labelledby="visitor-title">
              <h2 id="visitor-title" className="card__title">
                Sign in to use your rights here
              </h2>
              <p className="card__description">
                Signed in, you can download everything in your account as a file and delete your account and its data
                yourself. Without an account we hold nothing about you on our servers; what this browser keeps (saved
                cars, settings) you can clear in Privacy settings.
              </p>
              <div className="cluster">
                <ButtonLink to={href.auth({ redirect: href.dataRights() })} variant="primary">
                  Sign In
                </ButtonLink>
                <ButtonLink to={href.privacySettings()} variant="ghost">
                  Privacy settings
                </ButtonLink>
              </div>
            </Card>
          )}
        </div>
      </div>
    </div>
  );
}

/** The confirmation on the page a deletion lands on. */
function AccountDeletedCard() {
  return (
    <Card as="section" className="rights-deleted" role="status" aria-labelledby="deleted-title">
      <h2 id="deleted-title" className="card__title">
        Your account has been deleted
      </h2>
      <p className="card__description">
        Your account and its data have been removed from our servers, and this device has been cleared. Dealers you
        contacted keep the conversation as from a &lsquo;Deleted user&rsquo;, without your name, e-mail or phone.
      </p>
      <div className="cluster">
        <ButtonLink to={href.home()} variant="primary">
          Back to the home page
        </ButtonLink>
      </div>
    </Card>
  );
}
