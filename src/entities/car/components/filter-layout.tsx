// The frame of a filtered list (browse, marketplace). From 1024 px the filters are a sidebar; below it
// they live in a sheet (a modal dialog: focus kept inside, Escape closes, the page behind inert), opened
// by "Filters (3)" beside the count, so the first car is in the first screen of a phone. The sheet's
// "Show 93 cars" carries the live count: every change applies at once, and the count is the results'.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Button, Sheet } from '@/shared/ui';
import { useScrollMemory } from '../hooks/use-scroll-memory';
import './filter-sheet.css';

const DESKTOP = '(min-width: 1024px)';

export interface FilterLayoutProps {
  /** Applied filters, shown on the sheet's button: "Filters (3)". */
  activeCount: number;
  filters: ReactNode;
  /** Id of the count heading that labels the results. */
  countId: string;
  count: ReactNode;
  /** The results' live total for "Show 93 cars" (undefined while counting). */
  total: number | undefined;
  /** What the results are, singular and plural: ['car', 'cars']. */
  noun: [string, string];
  sort: ReactNode;
  /** The applied-filter chips, between the count and the results. */
  chips?: ReactNode;
  /** The results are on the page (back/forward restores the scroll position once they are). */
  ready: boolean;
  children: ReactNode;
}

export function FilterLayout(p: FilterLayoutProps) {
  const [sheetOpen, setSheetOpen] = useState(false);
  const results = useRef<HTMLElement>(null);
  const showResults = useRef(false);
  useScrollMemory(p.ready);

  // Widening the window to the sidebar layout closes the sheet: the filters move back beside the results.
  useEffect(() => {
    if (!sheetOpen) return;
    const query = window.matchMedia?.(DESKTOP);
    if (!query) return;
    const close = () => query.matches && setSheetOpen(false);
    close();
    query.addEventListener('change', close);
    return () => query.removeEventListener('change', close);
  }, [sheetOpen]);

  // After "Show N cars": the results, not the button that opened the sheet (where the dialog returns focus).
  useEffect(() => {
    if (sheetOpen || !showResults.current) return;
    showResults.current = false;
    const el = results.current;
    if (!el) return;
    if (el.getBoundingClientRect().top < 0) el.scrollIntoView({ block: 'start' });
    el.querySelector<HTMLElement>('[data-results-count]')?.focus({ preventScroll: true });
  }, [sheetOpen]);

  const [one, many] = p.noun;
  const label = `Filters${p.activeCount > 0 ? ` (${p.activeCount})` : ''}`;
  return (
    <div className="cat-layout">
      <section className="cat-filters" aria-label="Filters">
        {!sheetOpen && <div className="cat-filters__body">{p.filters}</div>}
      </section>
      <section ref={results} className="cat-results" aria-labelledby={p.countId} data-results>
        <div className="cat-results__bar">
          <h2
            id={p.countId}
            className="cat-count"
            aria-live="polite"
            data-testid="result-count"
            tabIndex={-1}
            data-results-count
          >
            {p.count}
          </h2>
          <Button
            variant="secondary"
            className="cat-filters__open"
            aria-haspopup="dialog"
            onClick={() => setSheetOpen(true)}
            data-testid="open-filters"
          >
            <FilterIcon />
            {label}
          </Button>
          <div className="cat-results__sort">{p.sort}</div>
        </div>
        {p.chips}
        {p.children}
      </section>
      <Sheet
        open={sheetOpen}
        onOpenChange={setSheetOpen}
        title="Filters"
        className="cat-sheet"
        footer={
          <Button
            variant="primary"
            className="cat-sheet__show"
            data-testid="show-results"
            aria-live="polite"
            onClick={() => {
              showResults.current = true;
              setSheetOpen(false);
            }}
          >
            {p.total === undefined
              ? 'Show results'
              : `Show ${p.total.toLocaleString('en-GB')} ${p.total === 1 ? one : many}`}
          </Button>
        }
      >
        <div className="cat-sheet__body">{sheetOpen && p.filters}</div>
      </Sheet>
    </div>
  );
}

function FilterIcon() {
  return (
    <svg
      width={18}
      height={18}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M4 6h16M7 12h10M10 18h4" />
    </svg>
  );
}
