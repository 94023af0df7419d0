import { useId, type ReactNode } from 'react';

export interface SwitchProps {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  label: ReactNode;
  /** A short sentence under the label, read out with the switch. */
  description?: string;
  disabled?: boolean;
  id?: string;
}

/** An on/off switch (role="switch"); the visible label is clickable and names it. */
export function Switch({ checked, onCheckedChange, label, description, disabled, id }: SwitchProps) {
  const auto = useId();
  const controlId = id ?? auto;
  const labelId = `${controlId}-label`;
  const descriptionId = description ? `${controlId}-description` : undefined;
  return (
    <span className={description ? 'switch switch--described' : 'switch'}>
      <button
        id={controlId}
        type="button"
        role="switch"
        aria-checked={checked}
        aria-labelledby={labelId}
        aria-describedby={descriptionId}
        disabled={disabled}
        className="switch__track"
        onClick={() => onCheckedChange(!checked)}
      >
        <span className="switch__thumb" />
      </button>
      <label id={labelId} htmlFor={controlId}>
        {label}
      </label>
      {description && (
        <span id={descriptionId} className="switch__description">
          {description}
        </span>
      )}
    </span>
  );
}
