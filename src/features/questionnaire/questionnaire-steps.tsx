import type { ReactNode } from 'react';
import { formatGBP } from '@/shared/lib/format';
import { BODY_STYLE_LABELS, BODY_STYLES, FUEL_LABELS, FUEL_TYPES } from '@/shared/lib/uk';
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

export function BudgetStep({ answers: a, onChange }: StepProps) {
  return (
    <fieldset className="pq-fieldset">
      <legend>What is your budget?</legend>
      <label className="pq-range">
        <span>
          Minimum <strong>{formatGBP(a.budgetMin)}</strong>
        </span>
        <input
          type="range"
          min={BUDGET_MIN.min}
          max={BUDGET_MIN.max}
          step={BUDGET_MIN.step}
          value={a.budgetMin}
          onChange={(e) => onChange(setBudgetMin(a, Number(e.target.value)))}
        />
      </label>
      <label className="pq-range">
        <span>
          Maximum <strong>{formatGBP(a.budgetMax)}</strong>
        </span>
        <input
          type="range"
          min={a.budgetMin}
          max={BUDGET_MAX_CEILING}
          step={BUDGET_MIN.step}
          value={a.budgetMax}
          onChange={(e) => onChange(setBudgetMax(a, Number(e.target.value)))}
        />
      </label>
    </fieldset>
  );
}

export function FamilyStep({ answers: a, onChange, brands }: StepProps) {
  return (
    <div className="pq-stack">
      <fieldset className="pq-fieldset">
        <legend>How many people usually travel with you?</legend>
        <label className="pq-range">
          <span>
            Family size <strong>{a.familySize}</strong>
          </span>
          <input
            type="range"
            min={FAMILY_SIZE.min}
            max={FAMILY_SIZE.max}
            step={1}
            value={a.familySize}
            onChange={(e) => onChange({ ...a, familySize: Number(e.target.value) })}
          />
        </label>
      </fieldset>
      <fieldset className="pq-fieldset">
        <legend>
          Any favourite brands? <span className="pq-optional">(optional)</span>
        </legend>
        <div className="pq-grid pq-grid--brands">
          {brands.map((b) => (
            <Choice
              key={b}
              name="brands"
              checked={a.brands.includes(b)}
              onToggle={() => onChange({ ...a, brands: toggle(a.brands, b) })}
            >
              {b}
            </Choice>
          ))}
        </div>
      </fieldset>
    </div>
  );
}

export function FuelStep({ answers: a, onChange }: StepProps) {
  return (
    <fieldset className="pq-fieldset">
      <legend>Which fuel types would you consider?</legend>
      <div className="pq-grid">
        {FUEL_TYPES.map((f) => (
          <Choice
            key={f}
            name="fuels"
            checked={a.fuels.includes(f)}
            onToggle={() => onChange({ ...a, fuels: toggle(a.fuels, f) })}
          >
            {FUEL_LABELS[f]}
          </Choice>
        ))}
      </div>
    </fieldset>
  );
}

export function BodyStep({ answers: a, onChange }: StepProps) {
  return (
    <fieldset className="pq-fieldset">
      <legend>Which body styles do you like?</legend>
      <div className="pq-grid">
        {BODY_STYLES.map((b) => (
          <Choice
            key={b}
            name="bodies"
            checked={a.bodies.includes(b)}
            onToggle={() => onChange({ ...a, bodies: toggle(a.bodies, b) })}
          >
            {BODY_STYLE_LABELS[b]}
          </Choice>
        ))}
      </div>
    </fieldset>
  );
}

export function PriorityStep({ answers: a, onChange }: StepProps) {
  const full = a.priorities.length >= MAX_PRIORITIES;
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
        <div className="pq-grid">
          {PRIORITY_FEATURES.map((f) => {
            const on = a.priorities.includes(f);
            return (
              <Choice
                key={f}
                name="priorities"
                checked={on}
                disabled={!on && full}
                onToggle={() => onChange({ ...a, priorities: toggle(a.priorities, f, MAX_PRIORITIES) })}
              >
                {f}
              </Choice>
            );
          })}
        </div>
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
