import type { HTMLAttributes } from 'react';
import { cx } from './cx';

export type BadgeVariant = 'neutral' | 'primary' | 'accent' | 'success' | 'warning' | 'danger';

export interface BadgeProps extends HTMLAttributes<HTMLSpanElement> {
  variant?: BadgeVariant;
}

export function Badge({ variant = 'neutral', className, ...rest }: BadgeProps) {
  return <span className={cx('badge', variant !== 'neutral' && `badge--${variant}`, className)} {...rest} />;
}

/** Unread counts show as-is up to 99, then '99+' (SPEC §9). */
export function formatCount(n: number, cap = 99): string {
  if (!Number.isFinite(n) || n <= 0) return '0';
  return n > cap ? `${cap}+` : String(Math.floor(n));
}
