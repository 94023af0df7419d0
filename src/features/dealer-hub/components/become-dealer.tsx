import { mailtoHref } from '@/shared/lib/contact-links';
import { href } from '@/shared/lib/routes';
import { ButtonLink, ChartIcon } from '@/shared/ui';

export const DEALER_SALES_EMAIL = 'dealers@motorly.example';

/** What a signed-in shopper sees on /dealer/dashboard: what the hub is and how a dealership joins. */
export function BecomeDealer() {
  const link = mailtoHref(DEALER_SALES_EMAIL, { subject: 'Joining Motorly as a dealer' }) ?? undefined;
  return (
    <section className="hub-join" aria-labelledby="hub-join-h" data-testid="become-dealer">
      <div className="icon-tile hub-join__icon">
        <ChartIcon size={28} />
      </div>
      <div className="hub-join__text">
        <h2 id="hub-join-h">Sell your cars on Motorly</h2>
        <p>
          The Dealer Hub is for dealerships that list cars on the Motorly marketplace. Your account is not linked to a
          dealership yet, so there is nothing to manage here.
        </p>
        <ol className="hub-join__steps">
          <li>
            E-mail <a href={link}>{DEALER_SALES_EMAIL}</a> with your dealership's name, address and FCA number (if you
            offer finance).
          </li>
          <li>We check the dealership and link your Motorly account to it, usually within two working days.</li>
          <li>Sign in again: the hub then shows your listings, your buyers' enquiries and your figures.</li>
        </ol>
        <p className="hub-muted">
          Already a member of a dealership's team? Ask its owner to add the e-mail address you sign in with.
        </p>
        <div className="hub-join__actions">
          <ButtonLink variant="primary" to={href.marketplace()}>
            Browse the marketplace
          </ButtonLink>
          <ButtonLink variant="ghost" to={href.myLeads()}>
            My leads
          </ButtonLink>
        </div>
      </div>
    </section>
  );
}
