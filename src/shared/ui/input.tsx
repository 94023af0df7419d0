import { forwardRef, type InputHTMLAttributes } from 'react';
import { cx } from './cx';

export interface InputProps extends InputHTMLAttributes<HTMLInputElement> {
  /** The typed text on every change (for a controlled input kept in state). */
  onValueChange?: (value: string) => void;
}

export const Input = forwardRef<HTMLInputElement, InputProps>(function Input(
  { className, onValueChange, onChange, ...rest },
  ref,
) {
  return (
    <input
      ref={ref}
      className={cx('input', className)}
      onChange={
        onValueChange
          ? (e) => {
              onChange?.(e);
              onValueChange(e.target.value);
            }
          : onChange
      }
      {...rest}
    />
  );
});

/** An e-mail address field: the e-mail keyboard, autofill and the site's example address as placeholder. */
export const EmailInput = forwardRef<HTMLInputElement, Omit<InputProps, 'type'>>(function EmailInput(props, ref) {
  return (
    <Input
      ref={ref}
      type="email"
      name="email"
      autoComplete="email"
      inputMode="email"
      placeholder="you@example.co.uk"
      {...props}
    />
  );
});
