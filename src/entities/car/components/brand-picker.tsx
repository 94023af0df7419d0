// Brand as a searchable list: type to narrow about 45 brands to a few, each with how many cars or
// models it has. One brand (radios, the marketplace) or several (checkboxes, /browse).
import { useId, useState } from 'react';

export interface BrandOption {
  value: string;
  label: string;
  /** Cars or models under the current filters; undefined while counting. */
  count?: number;
}

export interface BrandPickerProps {
  legend: string;
  options: BrandOption[];
  selected: string[];
  /** Several brands at once (checkboxes) or one (radios with an "any" choice). */
  multiple: boolean;
  onChange: (selected: string[]) => void;
  /** The radio that clears the choice (one brand only). */
  anyLabel?: string;
  /** What the counts count, singular and plural (read out after the number). */
  countNoun: [string, string];
}

/** Matches a typed text against a brand name: case, accents and punctuation ignored ("merc" finds Mercedes-Benz). */
export function brandMatches(label: string, text: string): boolean {
  const fold = (s: string) =>
    s
      .normalize('NFD')
      .replace(/[^a-zA-Z0-9]/g, '')
      .toLowerCase();
  const q = fold(text);
  return q === '' || fold(label).includes(q);
}

export function BrandPicker(props: BrandPickerProps) {
  const { legend, options, selected, multiple, onChange, anyLabel = 'Any', countNoun } = props;
  const [text, setText] = useState('');
  const id = useId();
  const shown = options.filter((o) => brandMatches(o.label, text));
  const pick = (value: string, on: boolean) => {
    if (!multiple) onChange(on ? [value] : []);
    else onChange(on ? [...selected, value] : selected.filter((s) => s !== value));
  };
  const type = multiple ? 'checkbox' : 'radio';
  return (
    <fieldset className="cat-filter cat-brand-pick" data-testid="brand-picker">
      <legend className="cat-filter__label">{legend}</legend>
      <input
        type="search"
        className="input cat-brand-pick__search"
        aria-label={`Search ${legend.toLowerCase()}s`}
        aria-controls={`${id}-list`}
        placeholder="Type to search, e.g. Ford"
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          // Enter takes the only match, so "kia" + Enter picks Kia without reaching for the list.
          if (e.key === 'Enter' && shown.length === 1) {
            e.preventDefault();
            pick(shown[0].value, true);
          }
        }}
        autoComplete="off"
      />
      <div id={`${id}-list`} className="cat-brand-pick__list">
        {!multiple && text === '' && (
          <label className="cat-check cat-brand-pick__option">
            <input type="radio" name={id} checked={selected.length === 0} onChange={() => onChange([])} />
            <span>{anyLabel}</span>
          </label>
        )}
        {shown.map((o) => (
          <label key={o.value} className="cat-check cat-brand-pick__option">
            <input
              type={type}
              name={multiple ? undefined : id}
              checked={selected.includes(o.value)}
              onChange={(e) => pick(o.value, e.target.checked)}
            />
            <span className="cat-brand-pick__name">{o.label}</span>{' '}
            {o.count !== undefined && (
              <span className="cat-brand-pick__count">
                {o.count.toLocaleString('en-GB')}
                <span className="sr-only"> {o.count === 1 ? countNoun[0] : countNoun[1]}</span>
              </span>
            )}
          </label>
        ))}
        {/* With nothing typed an empty list is the makes still loading, not a failed search. */}
        {shown.length === 0 && text !== '' && (
          <p className="cat-muted cat-small">
            No {legend.toLowerCase()} matches “{text}”.
          </p>
        )}
      </div>
    </fieldset>
  );
}
