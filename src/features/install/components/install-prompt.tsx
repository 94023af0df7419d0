import { useState } from 'react';
import { Button, CarIcon } from '@/shared/ui';
import { useConsent } from '@/shared/lib/consent';
import { canShowInstallPrompt } from '../install-rule';
import { hideInstallPrompt, useInstall } from '../store';

/** "Install Motorly" card: shows once the browser says the app is installable, never over the cookie banner. */
export function InstallPrompt() {
  const event = useInstall((s) => s.event);
  const hiddenAt = useInstall((s) => s.hiddenAt);
  const installed = useInstall((s) => s.installed);
  const consentChosen = useConsent((s) => s.consent !== null);
  const [now] = useState(() => Date.now());
  if (!event || installed || !consentChosen || !canShowInstallPrompt(hiddenAt, now)) return null;

  const install = async () => {
    try {
      await event.prompt();
      await event.userChoice;
    } finally {
      hideInstallPrompt();
    }
  };
  return (
    <section
      className="floating-panel install-prompt"
      aria-labelledby="install-prompt-title"
      data-testid="install-prompt"
    >
      <span className="icon-tile install-prompt__icon" aria-hidden="true">
        <CarIcon size={22} />
      </span>
      <div className="install-prompt__text">
        <h2 id="install-prompt-title" className="install-prompt__title">
          Install Motorly
        </h2>
        <p>Add the app to your home screen: it opens instantly and works offline.</p>
      </div>
      <div className="install-prompt__actions">
        <Button variant="ghost" onClick={() => hideInstallPrompt()}>
          Not now
        </Button>
        <Button variant="primary" onClick={() => void install()}>
          Install
        </Button>
      </div>
    </section>
  );
}
