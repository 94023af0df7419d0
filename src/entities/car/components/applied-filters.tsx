// The applied filters as removable chips above the results, with "Clear all" once there are two or more.
import { CloseIcon } from '@/shared/ui';
import type { FilterChip } from '../filter-chips';

export interface AppliedFiltersProps<P> {
  chips: FilterChip<P>[];
  onRemove: (patch: P) => void;
  onClearAll: () => void;
}

export function AppliedFilters<P>({ chips, onRemove, onClearAll }: AppliedFiltersProps<P>) {
  if (chips.length === 0) return null;
  return (
    <div className="cat-chips" data-testid="applied-filters">
      <ul className="cat-chips__list" aria-label="Applied filters">
        {chips.map((c) => (
          <li key={c.key}>
            <button
              type="button"
              className="cat-chip"
              aria-label={`Remove filter: ${c.label}`}
              onClick={() => onRemove(c.remove)}
            >
              <span>{c.label}</span>
              <CloseIcon size={14} />
            </button>
          </li>
        ))}
      </ul>
      {chips.length > 1 && (
        <button type="button" className="cat-chips__clear" onClick={onClearAll}>
          Clear all
        </button>
      )}
    </div>
  );
}
