import type { ReactNode } from 'react';
import { Card } from '@/shared/ui';

/** One panel of the tech demo: a titled card section, with an optional badge beside the title. */
export function DemoPanel({
  id,
  title,
  badge,
  wide,
  children,
}: {
  /** The heading's id, which labels the section. */
  id: string;
  title: string;
  badge?: ReactNode;
  wide?: boolean;
  children: ReactNode;
}) {
  const heading = (
    <h2 id={id} className="card__title">
      {title}
    </h2>
  );
  return (
    <Card as="section" aria-labelledby={id} className={wide ? 'demo-panel demo-panel--wide' : 'demo-panel'}>
      {badge ? (
        <div className="demo-panel__head">
          {heading}
          {badge}
        </div>
      ) : (
        heading
      )}
      {children}
    </Card>
  );
}
