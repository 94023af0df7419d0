import { cx } from './cx';

export interface SpinnerProps {
  size?: 'md' | 'lg';
  /** Accessible text; without it the spinner is decorative (its parent should say what is loading). */
  label?: string;
}

export function Spinner({ size = 'md', label }: SpinnerProps) {
  return (
    <span
      className={cx('spinner', size === 'lg' && 'spinner--lg')}
      role={label ? 'status' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
    />
  );
}

/** A centred spinner with a visible caption, for whole-area loading. */
export function LoadingBlock({ label = 'Loading…' }: { label?: string }) {
  return (
    <div className="spinner-block" role="status" aria-live="polite">
      <Spinner size="lg" />
      <span>{label}</span>
    </div>
  );
}
