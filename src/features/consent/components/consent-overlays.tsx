import { ConsentDialog } from './consent-dialog';
import { CookieBanner } from './cookie-banner';

/** Mounted once by the app shell. */
export function ConsentOverlays() {
  return (
    <>
      <CookieBanner />
      <ConsentDialog />
    </>
  );
}
