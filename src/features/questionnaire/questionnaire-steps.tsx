import type { ReactNode } from 'react';
import { formatGBP } from '@/shared/lib/format';
import { BODY_STYLE_LABELS, BODY_STYLES, FUEL_LABELS, FUEL_TYPES } from '@/domain/uk';
import {
  BUDGET_MAX_CEILING,
  BUDGET_MIN,
  DRIVING_STYLES,
  FAMILY_SIZE,
  MAX_PRIORITIES,
  PRIORITY_FEATURES,
  setBudgetMax,
  setBudgetMin,
  toggle,
  type Answers,
} from './questionnaire-rules';

export interface StepProps {
  answers: Answers;
  onChange: (next: Answers) => void;
  brands: readonly string[];
}

const STYLE_HINTS: Record<string, string> = {
  economical: 'Low running costs and good mpg or range',
  performance: 'Quick acceleration and sharp handling',
  comfort: 'A smooth, quiet ride for long journeys',
  practical: 'Space for people, luggage and the dog',
};

function Choice({
  checked,
  onToggle,
  children,
  type = 'checkbox',
  name,
  disabled,
}: {
  checked: boolean;
  onToggle: () => void;
  children: ReactNode;
  type?: 'checkbox' | 'radio';
  name: string;
  disabled?: boolean;
}) {
  return (
    <label className={`pq-choice${checked ? ' pq-choice--on' : ''}${disabled ? ' pq-choice--off' : ''}`}>
      <input type={type} name={name} checked={checked} onChange={onToggle} disabled={disabled} />
      <span>{children}</span>
    </label>
  );
}

/** The answers that are lists of ticked options. */
type ListField = 'brands' | 'fuels' | 'bodies' | 'priorities';

/**
 * A grid of checkboxes over `options` that ticks and unticks them in `answers[field]`; with `max`, the
 * unticked ones are disabled once `max` are ticked.
 */
function ChoiceGrid<F extends ListField>({
  answers,
  onChange,
  field,
  options,
  label = (o) => o,
  max = Infinity,
  className = 'pq-grid',
}: Pick<StepProps, 'answers' | 'onChange'> & {
  field: F;
  options: readonly Answers[F][number][];
  label?: (option: Answers[F][number]) => ReactNode;
  max?: number;
  className?: string;
}) {
  const selected: readonly Answers[F][number][] = answers[field];
  const full = selected.length >= max;
  return (
    <div className={className}>
      {options.map((o) => {
        const on = selected.includes(o);
        const onToggle = () => onChange({ ...answers, [field]: toggle(selected, o, max) });
        return (
          <Choice key={o} name={field} checked={on} disabled={!on && full} onToggle={onToggle}>
            {label(o)}
          </Choice>
        );
      })}
    </div>
  );
}

/** A slider with its caption and current value shown above it. */
function RangeField({
  caption,
  shown,
  onValue,
  ...input
}: {
  caption: string;
  shown: ReactNode;
  onValue: (value: number) => void;
  min: number;
  max: number;
  step: number;
  value: number;
}) {
  return (
    <label className="pq-range">
      <span>
        {caption} <strong>{shown}</strong>
      </span>
      <input type="range" {...input} onChange={(e) => onValue(Number(e.target.value))} />
    </label>
  );
}

export function BudgetStep({ answers: a, onChange }: StepProps) {
  return (
    <fieldset className="pq-fieldset">
      <legend>What is your budget?</legend>
      <RangeField
        caption="Minimum"
        shown={formatGBP(a.budgetMin)}
        {...BUDGET_MIN}
        value={a.budgetMin}
        onValue={(v) => onChange(setBudgetMin(a, v))}
      />
      <RangeField
        caption="Maximum"
        shown={formatGBP(a.budgetMax)}
        min={a.budgetMin}
        max={BUDGET_MAX_CEILING}
        step={BUDGET_MIN.step}
        value={a.budgetMax}
        onValue={(v) => onChange(setBudgetMax(a, v))}
      />
    </fieldset>
  );
}

export function FamilyStep({ answers: a, onChange, brands }: StepProps) {
  return (
    <div className="pq-stack">
      <fieldset className="pq-fieldset">
        <legend>How many people usually travel with you?</legend>
        <RangeField
          caption="Family size"
          shown={a.familySize}
          min={FAMILY_SIZE.min}
          max={FAMILY_SIZE.max}
          step={1}
          value={a.familySize}
          onValue={(v) => onChange({ ...a, familySize: v })}
        />
      </fieldset>
      <fieldset className="pq-fieldset">
        <legend>
          Any favourite brands? <span className="pq-optional">(optional)</span>
        </legend>
        <ChoiceGrid
          className="pq-grid pq-grid--brands"
          answers={a}
          onChange={onChange}
          field="brands"
          options={brands}
        />
      </fieldset>
    </div>
  );
}

export function FuelStep({ answers: a, onChange }: StepProps) {
  return (
    <fieldset className="pq-fieldset">
      <legend>Which fuel types would you consider?</legend>
      <ChoiceGrid answers={a} onChange={onChange} field="fuels" options={FUEL_TYPES} label={(f) => FUEL_LABELS[f]} />
    </fieldset>
  );
}

export function BodyStep({ answers: a, onChange }: StepProps) {
  return (
    <fieldset className="pq-fieldset">
      <legend>Which body styles do you like?</legend>
      <ChoiceGrid
        answers={a}
        onChange={onChange}
        field="bodies"
        options={BODY_STYLES}
        label={(b) => BODY_STYLE_LABELS[b]}
      />
    </fieldset>
  );
}

export function PriorityStep({ answers: a, onChange }: StepProps) {
  return (
    <div className="pq-stack">
      <fieldset className="pq-fieldset">
        <legend>How do you like to drive?</legend>
        <div className="pq-grid pq-grid--wide">
          {DRIVING_STYLES.map((s) => (
            <Choice
              key={s}
              type="radio"
              name="driving-style"
              checked={a.drivingStyle === s}
              onToggle={() => onChange({ ...a, drivingStyle: s })}
            >
              <strong>{s.charAt(0).toUpperCase() + s.slice(1)}</strong>
              <small>{STYLE_HINTS[s]}</small>
            </Choice>
          ))}
        </div>
      </fieldset>
      <fieldset className="pq-fieldset">
        <legend>
          What matters most? <span className="pq-optional">(up to {MAX_PRIORITIES})</span>
        </legend>
        <ChoiceGrid
          answers={a}
          onChange={onChange}
          field="priorities"
          options={PRIORITY_FEATURES}
          max={MAX_PRIORITIES}
        />
      </fieldset>
    </div>
  );
}

export const STEPS = [
  { title: 'Budget', Component: BudgetStep },
  { title: 'You and your passengers', Component: FamilyStep },
  { title: 'Fuel', Component: FuelStep },
  { title: 'Body style', Component: BodyStep },
  { title: 'Driving style and priorities', Component: PriorityStep },
] as const;
