import { Button } from '@/shared/ui';
import { useEffect } from 'react';
import { acceptAllCookies, rejectOptionalCookies, useConsent } from '@/shared/lib/consent';
import { useHydrated } from '@/shared/lib/use-hydrated';
import { openConsentDialog, useConsentUi } from '../store';

/**
 * Shown at the foot of the screen until a choice is stored (SPEC §4 "Cookie banner"). The prerendered
 * home page holds it (a first visit's largest text paints with the HTML); while hydrating it renders
 * as the HTML did, hidden by CSS for those who chose (/a11y-boot.js marks <html>), then React decides.
 */
export function CookieBanner() {
  const chosen = useConsent((s) => s.consent !== null);
  const dialogOpen = useConsentUi((s) => s.dialogOpen);
  const hydrated = useHydrated();
  useEffect(() => {
    if (hydrated) delete document.documentElement.dataset.consentStored;
  }, [hydrated]);
  if (hydrated && (chosen || dialogOpen)) return null;
  return (
    <section className="floating-panel cookie-banner" aria-labelledby="cookie-banner-title" data-testid="cookie-banner">
      <div className="cookie-banner__text">
        <h2 id="cookie-banner-title" className="cookie-banner__title">
          We use cookies
        </h2>
        <p>
          Necessary cookies keep Motorly working. With your permission we also use analytics cookies to measure
          performance, functional cookies to remember your choices and marketing cookies to show relevant offers.
        </p>
      </div>
      <div className="cookie-banner__actions">
        <Button variant="ghost" onClick={openConsentDialog}>
          Customise
        </Button>
        <Button onClick={() => rejectOptionalCookies()}>Necessary only</Button>
        <Button variant="primary" onClick={() => acceptAllCookies()}>
          Accept all
        </Button>
      </div>
    </section>
  );
}
