import { useId, type ReactNode } from 'react';

export interface SwitchProps {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  label: ReactNode;
  disabled?: boolean;
  id?: string;
}

/** An on/off switch (role="switch"); the visible label is clickable and names it. */
export function Switch({ checked, onCheckedChange, label, disabled, id }: SwitchProps) {
  const auto = useId();
  const controlId = id ?? auto;
  const labelId = `${controlId}-label`;
  return (
    <span className="switch">
      <button
        id={controlId}
        type="button"
        role="switch"
        aria-checked={checked}
        aria-labelledby={labelId}
        disabled={disabled}
        className="switch__track"
        onClick={() => onCheckedChange(!checked)}
      >
        <span className="switch__thumb" />
      </button>
      <label id={labelId} htmlFor={controlId}>
        {label}
      </label>
    </span>
  );
}
