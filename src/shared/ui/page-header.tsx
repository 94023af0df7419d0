import type { ReactNode } from 'react';

export interface PageHeaderProps {
  title: string;
  eyebrow?: string;
  intro?: ReactNode;
  actions?: ReactNode;
}

/** The page's h1 with an optional eyebrow, intro line and actions. */
export function PageHeader({ title, eyebrow, intro, actions }: PageHeaderProps) {
  return (
    <header className="page-header">
      <div className="page-header__text">
        {eyebrow && <p className="page-header__eyebrow">{eyebrow}</p>}
        <h1>{title}</h1>
        {intro && <p className="page-header__intro">{intro}</p>}
      </div>
      {actions && <div className="page-header__actions">{actions}</div>}
    </header>
  );
}
