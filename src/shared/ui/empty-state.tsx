import { ButtonLink } from './button';
import type { ReactNode } from 'react';

export interface EmptyStateProps {
  icon?: ReactNode;
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  /** Heading level for the title, to keep the page outline right (h1 when it is the whole page). */
  headingLevel?: 'h1' | 'h2' | 'h3';
}

export function EmptyState({ icon, title, description, actions, headingLevel: H = 'h2' }: EmptyStateProps) {
  return (
    <div className="empty-state">
      {icon && <div className="icon-tile empty-state__icon">{icon}</div>}
      <H className="empty-state__title">{title}</H>
      {description && <p className="empty-state__description">{description}</p>}
      {actions && <div className="empty-state__actions">{actions}</div>}
    </div>
  );
}

/** A signed-in page seen signed out: its header, then why to sign in and the Sign In button. */
export function SignInPage({
  header,
  signInTo,
  ...state
}: Required<Pick<EmptyStateProps, 'icon' | 'title' | 'description'>> & { header: ReactNode; signInTo: string }) {
  return (
    <div className="container page">
      {header}
      <EmptyState
        {...state}
        actions={
          <ButtonLink variant="primary" to={signInTo}>
            Sign In
          </ButtonLink>
        }
      />
    </div>
  );
}
