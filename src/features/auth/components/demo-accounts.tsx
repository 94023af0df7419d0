import { Badge } from '@/shared/ui';

export interface DemoAccount {
  role: 'Shopper' | 'Dealer' | 'Admin';
  email: string;
  password: string;
}

export const DEMO_ACCOUNTS: DemoAccount[] = [
  { role: 'Shopper', email: 'shopper@example.com', password: 'Shopper!Drive2026' },
  { role: 'Dealer', email: 'dealer@example.com', password: 'Dealer!Forecourt2026' },
  { role: 'Admin', email: 'admin@example.com', password: 'Admin!Control2026' },
];

/** The seeded demo logins, with a button that fills the sign-in form. */
export function DemoAccounts({ onUse }: { onUse: (a: DemoAccount) => void }) {
  return (
    <section className="auth-demo" aria-labelledby="demo-accounts-title">
      <h2 id="demo-accounts-title" className="auth-demo__title">
        Demo accounts
      </h2>
      <ul className="auth-demo__list">
        {DEMO_ACCOUNTS.map((a) => (
          <li key={a.email} className="auth-demo__item">
            <div className="auth-demo__creds">
              <Badge variant={a.role === 'Admin' ? 'accent' : a.role === 'Dealer' ? 'success' : 'primary'}>
                {a.role}
              </Badge>
              <span className="auth-demo__email">{a.email}</span>
              <code className="auth-demo__password">{a.password}</code>
            </div>
            <button
              type="button"
              className="btn btn--sm"
              onClick={() => onUse(a)}
              aria-label={`Use the ${a.role.toLowerCase()} demo account`}
            >
              Use
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
