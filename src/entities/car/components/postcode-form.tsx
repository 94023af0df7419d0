import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
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
  /** What the field starts with; the field follows it when it changes. */
  initial: string;
  /** Called with the typed text on Go: returns the message to show when it cannot be used, else undefined. */
  onPostcode: (text: string) => string | undefined;
  /** A message from outside the form, shown when the typed text has none. */
  error?: string;
  /** Under the field, above the error. */
  actions?: ReactNode;
  /** Under the error. */
  children?: ReactNode;
}

/** A postcode field with its Go button and error message (distance filters and distance lines). */
export function PostcodeForm({ id, label, ariaLabel, role, className, placeholder, testId, ...p }: PostcodeFormProps) {
  const errorId = `${id}-error`;
  const { initial, onPostcode } = p;
  const [text, setText] = useState(initial);
  const [invalid, setInvalid] = useState<string | undefined>();
  useEffect(() => setText(initial), [initial]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setInvalid(onPostcode(text));
  };
  const error = invalid ?? p.error;
  return (
    <form className={className} onSubmit={submit} role={role} aria-label={ariaLabel}>
      <label htmlFor={id} className="cat-filter__label">
        {label}
      </label>
      <div className="cat-inline">
        <input
          id={id}
          className="input"
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder={placeholder}
          autoComplete="postal-code"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          data-testid={testId}
        />
        <Button type="submit" variant="secondary">
          Go
        </Button>
      </div>
      {p.actions}
      {error && (
        <p id={errorId} className="field__error" role="alert">
          {error}
        </p>
      )}
      {p.children}
    </form>
  );
}
