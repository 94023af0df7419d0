import { CheckIcon } from '@/shared/ui';
import { AuthLogo } from './auth-card';

/** The marketing side of the auth screens (hidden on phones). */
export function AuthBrandPanel() {
  return (
    <aside className="auth-brand" aria-label="Why Motorly">
      <AuthLogo className="auth-brand__logo" />
      <div className="auth-brand__copy">
        <h2 className="auth-brand__headline">Find the right car, the smart way.</h2>
        <p>Expert reviews, honest running costs and thousands of UK listings — all in one place, even offline.</p>
        <ul className="auth-brand__points">
          <li>
            <CheckIcon size={18} /> Save cars and compare them side by side
          </li>
          <li>
            <CheckIcon size={18} /> Price-drop alerts on the listings you love
          </li>
          <li>
            <CheckIcon size={18} /> Personal picks from our AI car finder
          </li>
        </ul>
      </div>
      <p className="auth-brand__foot">Prices in pounds, tax and insurance groups for UK roads.</p>
    </aside>
  );
}
