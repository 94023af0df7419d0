// The frame of a filtered list (browse, marketplace): a filter panel that folds away on phones, and
// the results with their live count and sort control.
import type { ReactNode } from 'react';

export interface FilterLayoutProps {
  /** The fold-away toggle's text, e.g. 'Filters (3)'. */
  toggleLabel: string;
  /** Whether the panel starts open (undefined: closed). */
  open?: boolean;
  filters: ReactNode;
  /** Id of the count heading that labels the results. */
  countId: string;
  count: ReactNode;
  sort: ReactNode;
  children: ReactNode;
}

export function FilterLayout({ toggleLabel, open, filters, countId, count, sort, children }: FilterLayoutProps) {
  return (
    <div className="cat-layout">
      <details className="cat-filters" open={open}>
        <summary className="cat-filters__toggle">{toggleLabel}</summary>
        <div className="cat-filters__body" role="group" aria-label="Filters">
          {filters}
        </div>
      </details>
      <section className="cat-results" aria-labelledby={countId}>
        <div className="cat-results__bar">
          <h2 id={countId} className="cat-count" aria-live="polite" data-testid="result-count">
            {count}
          </h2>
          {sort}
        </div>
        {children}
      </section>
    </div>
  );
}
