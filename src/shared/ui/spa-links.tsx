// Router links without a <Link> each: a long list of cards mounts rows while the page scrolls, and every
// <Link> runs the router's hooks (location, resolved path, navigate) as it mounts. Inside <SpaLinks>, a
// <CardLink> is a plain <a href>, and one click handler on the area sends the router there instead.
import { createContext, useContext, type MouseEvent, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router-dom';

const InSpaLinks = createContext(false);

/** A same-page router navigation for this click, or null when the browser should follow it itself. */
export function routerTarget(event: MouseEvent<HTMLElement>): string | null {
  if (event.defaultPrevented || event.button !== 0) return null;
  if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return null;
  const target = event.target as Element | null;
  const a = target?.closest?.('a[data-spa-link]');
  if (!(a instanceof HTMLAnchorElement) || !event.currentTarget.contains(a)) return null;
  if ((a.target && a.target !== '_self') || a.hasAttribute('download')) return null;
  if (a.origin !== window.location.origin) return null;
  return `${a.pathname}${a.search}${a.hash}`;
}

/** The area whose CardLinks the router follows (one delegated click handler). */
export function SpaLinks({ children, className }: { children: ReactNode; className?: string }) {
  const navigate = useNavigate();
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    const to = routerTarget(event);
    if (to === null) return;
    event.preventDefault();
    void navigate(to);
  };
  return (
    // Clicks bubble here from the real links inside (a link's keyboard activation is a click too);
    // display: contents, so the wrapper takes no part in the layout.
    <div className={className} style={className ? undefined : { display: 'contents' }} onClick={onClick}>
      <InSpaLinks.Provider value={true}>{children}</InSpaLinks.Provider>
    </div>
  );
}

export interface CardLinkProps {
  to: string;
  className?: string;
  tabIndex?: number;
  'aria-hidden'?: boolean | 'true';
  children: ReactNode;
}

/** A router link: a plain <a> inside <SpaLinks> (its handler navigates), else react-router's <Link>. */
export function CardLink({ to, ...rest }: CardLinkProps) {
  return useContext(InSpaLinks) ? <a href={to} data-spa-link="" {...rest} /> : <Link to={to} {...rest} />;
}
