import { Link } from 'react-router-dom';
import { PageHeader } from '@/shared/ui';
import { href } from '@/shared/lib/routes';
import { ClearDataCard } from './clear-data-card';
import { ConsentCard } from './consent-card';
import { PersonalisationCard } from './personalisation-card';
import '../privacy.css';

/** /privacy-settings: cookie choices, what personalisation uses, and clearing this device. */
export function PrivacySettingsScreen() {
  return (
    <div className="container page">
      <PageHeader
        eyebrow="Your privacy"
        title="Privacy settings"
        intro={
          <>
            Choose which cookies and data uses you are happy with. To download or delete the data in your account, see{' '}
            <Link to={href.dataRights()}>Your Data Rights</Link>.
          </>
        }
      />
      <div className="split">
        <ConsentCard />
        <div className="privacy-layout__side">
          <PersonalisationCard />
          <ClearDataCard />
        </div>
      </div>
    </div>
  );
}
