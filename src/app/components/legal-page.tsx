import type { ReactNode } from 'react';
import { PageHeader } from '@/shared/ui';
import { usePageTitle } from '../use-page-title';

/** The frame of the legal pages (privacy policy, data rights): title, intro and prose. */
export function LegalPage({ title, intro, children }: { title: string; intro: string; children: ReactNode }) {
  usePageTitle(title);
  return (
    <div className="container page">
      <PageHeader eyebrow="Legal" title={title} intro={intro} />
      <div className="prose">{children}</div>
    </div>
  );
}
