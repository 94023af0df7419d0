import { useEffect } from 'react';

/** Sets the document title as "<page> · Motorly" (screen readers announce it on navigation). */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = title ? `${title} · Motorly` : 'Motorly — UK car discovery and marketplace';
  }, [title]);
}
