// The frame every auth screen shares: the brand panel beside a card with the logo and a heading.
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { AuthBrandPanel } from './auth-brand-panel';

/** The Motorly logo linking home (class: auth-card__logo or auth-brand__logo). */
export function AuthLogo({ className }: { className: string }) {
  return (
    <Link to="/" className={className}>
      <span className="brand-mark" aria-hidden="true">
        M
      </span>
      Motorly
    </Link>
  );
}

export function AuthCard({ title, intro, children }: { title: ReactNode; intro: ReactNode; children: ReactNode }) {
  return (
    <div className="auth-layout">
      <AuthBrandPanel />
      <div className="auth-pane">
        <div className="auth-card">
          <AuthLogo className="auth-card__logo" />
          <div className="auth-card__head">
            <h1>{title}</h1>
            <p className="muted">{intro}</p>
          </div>
          {children}
        </div>
      </div>
    </div>
  );
}
