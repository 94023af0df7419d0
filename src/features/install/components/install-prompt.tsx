import { useState } from 'react';
import { Button, CarIcon } from '@/shared/ui';
import { useConsent } from '@/shared/lib/consent';
import { canShowInstallPrompt } from '../install-rule';
import { hideInstallPrompt, useInstall } from '../store';

/**
 * "Install Motorly": a slim bar in the page's flow below the header (it covers nothing: the page moves
 * down for it), once the browser says the app is installable and the visitor came back or bookmarked a
 * car; never over the cookie banner. Accepting or dismissing hides it for 7 days, remembered here.
 */
export function InstallPrompt() {
  const event = useInstall((s) => s.event);
  const hiddenAt = useInstall((s) => s.hiddenAt);
  const installed = useInstall((s) => s.installed);
  const engaged = useInstall((s) => s.engaged);
  const consentChosen = useConsent((s) => s.consent !== null);
  const [now] = useState(() => Date.now());
  if (!event || installed || !engaged || !consentChosen || !canShowInstallPrompt(hiddenAt, now)) return null;

  const install = async () => {
    try {
      await event.prompt();
      await event.userChoice;
    } finally {
      hideInstallPrompt();
    }
  };
  return (
    <section className="install-prompt" aria-labelledby="install-prompt-title" data-testid="install-prompt">
      <div className="container install-prompt__inner">
        <span className="icon-tile install-prompt__icon" aria-hidden="true">
          <CarIcon size={22} />
        </span>
        <div className="install-prompt__text">
          <h2 id="install-prompt-title" className="install-prompt__title">
            Install Motorly
          </h2>
          <p>Add it to your home screen: it opens instantly and works offline.</p>
        </div>
        <div className="install-prompt__actions">
          <Button variant="ghost" onClick={() => hideInstallPrompt()}>
            Not now
          </Button>
          <Button variant="primary" onClick={() => void install()}>
            Install
          </Button>
        </div>
      </div>
    </section>
  );
}
