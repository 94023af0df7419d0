// Small labelled filter controls shared by the browse and marketplace filter panels.
import { useId, type ReactNode } from 'react';
import { BODY_STYLES, FUEL_TYPES, type BodyStyle, type FuelType } from '@/data/catalogue';
import { BODY_STYLE_LABELS, FUEL_LABELS, GEARBOX_LABELS } from '@/domain/uk';
import { formatGBP } from '@/shared/lib/format';

export interface Option {
  value: string;
  label: string;
}

export function SelectFilter({
  label,
  value,
  options,
  onChange,
  anyLabel = 'Any',
  testId,
}: {
  label: string;
  value: string | undefined;
  options: Option[];
  onChange: (v: string | undefined) => void;
  anyLabel?: string;
  testId?: string;
}) {
  const id = useId();
  return (
    <div className="cat-filter">
      <label htmlFor={id} className="cat-filter__label">
        {label}
      </label>
      <select
        id={id}
        className="select"
        value={value ?? ''}
        data-testid={testId}
        onChange={(e) => onChange(e.target.value === '' ? undefined : e.target.value)}
      >
        <option value="">{anyLabel}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

export function CheckGroup<T extends string>({
  legend,
  options,
  selected,
  onChange,
}: {
  legend: string;
  options: { value: T; label: string }[];
  selected: T[];
  onChange: (v: T[]) => void;
}) {
  return (
    <fieldset className="cat-filter cat-checks">
      <legend className="cat-filter__label">{legend}</legend>
      <div className="cat-checks__grid">
        {options.map((o) => (
          <label key={o.value} className="cat-check">
            <input
              type="checkbox"
              checked={selected.includes(o.value)}
              onChange={(e) =>
                onChange(e.target.checked ? [...selected, o.value] : selected.filter((s) => s !== o.value))
              }
            />
            <span>{o.label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

export function ToggleFilter({
  label,
  checked,
  onChange,
  hint,
}: {
  label: string;
  checked: boolean;
  onChange: (v: boolean) => void;
  hint?: ReactNode;
}) {
  return (
    <div className="cat-filter">
      <label className="cat-check">
        <input type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} />
        <span>{label}</span>
      </label>
      {hint && <p className="cat-muted cat-small">{hint}</p>}
    </div>
  );
}

export const num = (v: string | undefined): number | undefined => (v === undefined ? undefined : Number(v));

export const moneyOptions = (values: number[]): Option[] =>
  values.map((v) => ({ value: String(v), label: formatGBP(v) }));

export const BODY_STYLE_OPTIONS: { value: BodyStyle; label: string }[] = BODY_STYLES.map((b) => ({
  value: b,
  label: BODY_STYLE_LABELS[b],
}));
export const FUEL_OPTIONS: { value: FuelType; label: string }[] = FUEL_TYPES.map((f) => ({
  value: f,
  label: FUEL_LABELS[f],
}));
export const GEARBOX_OPTIONS: Option[] = (['manual', 'automatic'] as const).map((g) => ({
  value: g,
  label: GEARBOX_LABELS[g],
}));
export const SEAT_OPTIONS: Option[] = [2, 4, 5, 7].map((s) => ({ value: String(s), label: `${s}+ seats` }));
export const INSURANCE_GROUP_OPTIONS: Option[] = [10, 20, 30, 40].map((v) => ({
  value: String(v),
  label: `Up to group ${v}`,
}));
