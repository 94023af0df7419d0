import type { FormEvent, ReactNode } from 'react';
import { Button } from '@/shared/ui';

export interface PostcodeFormProps {
  /** The input's id; the error paragraph is `${id}-error`. */
  id: string;
  label: string;
  ariaLabel: string;
  role?: 'search';
  className: string;
  placeholder: string;
  testId: string;
  text: string;
  onText: (text: string) => void;
  onSubmit: (e: FormEvent) => void;
  error?: string;
  /** Under the field, above the error. */
  actions?: ReactNode;
  /** Under the error. */
  children?: ReactNode;
}

/** A postcode field with its Go button and error message (distance filters and distance lines). */
export function PostcodeForm({ id, label, ariaLabel, role, className, placeholder, testId, ...p }: PostcodeFormProps) {
  const errorId = `${id}-error`;
  return (
    <form className={className} onSubmit={p.onSubmit} role={role} aria-label={ariaLabel}>
      <label htmlFor={id} className="cat-filter__label">
        {label}
      </label>
      <div className="cat-inline">
        <input
          id={id}
          className="input"
          value={p.text}
          onChange={(e) => p.onText(e.target.value)}
          placeholder={placeholder}
          autoComplete="postal-code"
          aria-invalid={p.error ? true : undefined}
          aria-describedby={p.error ? errorId : undefined}
          data-testid={testId}
        />
        <Button type="submit" variant="secondary">
          Go
        </Button>
      </div>
      {p.actions}
      {p.error && (
        <p id={errorId} className="field__error" role="alert">
          {p.error}
        </p>
      )}
      {p.children}
    </form>
  );
}
