import { Link } from 'react-router-dom';
import { href } from '@/shared/lib/routes';
import { LegalPage } from '../components/legal-page';

export default function PrivacyScreen() {
  return (
    <LegalPage title="Privacy Policy" intro="How Motorly collects, uses and protects your personal data under UK GDPR.">
      <h2>What we collect</h2>
      <p>
        Your e-mail address and password (stored hashed) when you create an account; the cars you save, alerts you set
        and enquiries you send; and, only with your consent, analytics about how the site is used.
      </p>
      <h2>Where it is kept</h2>
      <p>
        Much of your data is stored on your own device so Motorly works offline. It is synced to our servers when you
        are signed in and online.
      </p>
      <h2>Your choices</h2>
      <p>
        You can change cookie choices at any time in <Link to={href.privacySettings()}>privacy settings</Link>, and read
        about access, correction and deletion on <Link to={href.dataRights()}>Your Data Rights</Link>.
      </p>
    </LegalPage>
  );
}
