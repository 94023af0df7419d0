import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { useAccessibility } from '../store';

/** With screen reader support on, each navigation announces the new page's title. */
export function RouteAnnouncer() {
  const on = useAccessibility((s) => s.settings.screenReader);
  const { pathname } = useLocation();
  const [message, setMessage] = useState('');
  useEffect(() => {
    if (!on) return;
    // The route sets document.title in an effect of its own; read it once that has run.
    const t = setTimeout(() => setMessage(`Navigated to ${document.title}`), 300);
    return () => clearTimeout(t);
  }, [on, pathname]);
  return (
    <div className="sr-only" role="status" aria-live="polite" data-testid="route-announcer">
      {on ? message : ''}
    </div>
  );
}
