import { Link } from 'react-router-dom';
import { cx } from '@/shared/ui';
import { isActive, type NavItem } from '../nav-items';

/** One menu entry: a list item whose link is marked current on its page (and below, for prefixes). */
export function NavItemLink({
  item,
  pathname,
  className,
  itemClassName,
  onClick,
}: {
  item: NavItem;
  pathname: string;
  className: string;
  /** On the list item. */
  itemClassName?: string;
  onClick?: () => void;
}) {
  const active = isActive(item, pathname);
  return (
    <li className={itemClassName}>
      <Link
        to={item.to}
        className={cx(className, active && 'is-active')}
        aria-current={active ? 'page' : undefined}
        onClick={onClick}
      >
        {item.label}
      </Link>
    </li>
  );
}
