import type { HTMLAttributes, ReactNode } from 'react';
import { cx } from './cx';

export interface CardProps extends HTMLAttributes<HTMLElement> {
  as?: 'div' | 'section' | 'article' | 'li';
  interactive?: boolean;
}

export function Card({ as: Tag = 'div', interactive, className, ...rest }: CardProps) {
  return <Tag className={cx('card', interactive && 'card--interactive', className)} {...rest} />;
}

export function CardTitle({ children, as: Tag = 'h3' }: { children: ReactNode; as?: 'h2' | 'h3' | 'h4' }) {
  return <Tag className="card__title">{children}</Tag>;
}

export function CardDescription({ children }: { children: ReactNode }) {
  return <p className="card__description">{children}</p>;
}
