import type { ReactNode } from 'react';
import { EmptyState, PageHeader } from '@/shared/ui';
import { usePageTitle } from '../use-page-title';

export interface PlannedScreenProps {
  title: string;
  eyebrow?: string;
  intro: ReactNode;
  /** What will fill this screen, explained in the empty state. */
  emptyTitle: string;
  emptyDescription: ReactNode;
  icon?: ReactNode;
  actions?: ReactNode;
  headerActions?: ReactNode;
  children?: ReactNode;
}

/** A screen's layout skeleton: heading, intro and an empty state until its feature lands. */
export function PlannedScreen({
  title,
  eyebrow,
  intro,
  emptyTitle,
  emptyDescription,
  icon,
  actions,
  headerActions,
  children,
}: PlannedScreenProps) {
  usePageTitle(title);
  return (
    <div className="container page">
      <PageHeader eyebrow={eyebrow} title={title} intro={intro} actions={headerActions} />
      {children}
      <EmptyState icon={icon} title={emptyTitle} description={emptyDescription} actions={actions} />
    </div>
  );
}
