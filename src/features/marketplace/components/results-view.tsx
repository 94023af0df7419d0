// List or grid results. Phones (below 640 px) start with the compact list so several cars fit a screen.
import { useState } from 'react';
import { initialResultsView as initialView, RESULTS_VIEW_KEY, type ResultsView } from '../early';

export type { ResultsView } from '../early';

const KEY = RESULTS_VIEW_KEY;

export function useResultsView(): [ResultsView, (v: ResultsView) => void] {
  const [view, setView] = useState<ResultsView>(initialView);
  const choose = (v: ResultsView) => {
    setView(v);
    try {
      window.localStorage.setItem(KEY, v);
    } catch {
      // Private mode: the choice lasts for this page only.
    }
  };
  return [view, choose];
}

export function ViewToggle({ view, onChange }: { view: ResultsView; onChange: (v: ResultsView) => void }) {
  return (
    <div className="cat-view-toggle" role="group" aria-label="Show results as">
      {(['list', 'grid'] as const).map((v) => (
        <button
          key={v}
          type="button"
          className="cat-view-toggle__btn"
          aria-pressed={view === v}
          onClick={() => onChange(v)}
          data-testid={`view-${v}`}
        >
          {v === 'list' ? 'List' : 'Grid'}
        </button>
      ))}
    </div>
  );
}
