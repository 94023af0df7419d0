import { useRealtimeNotices } from '@/sync';
import { Badge } from '@/shared/ui';
import { DemoPanel } from './demo-panel';

const time = (ms: number) => new Date(ms).toLocaleTimeString('en-GB');
const VARIANT = { INSERT: 'success', UPDATE: 'primary', DELETE: 'warning' } as const;

/** Realtime changes from the server as they land in the local store. */
export function RealtimePanel() {
  const notices = useRealtimeNotices();
  return (
    <DemoPanel id="realtime-title" title="Realtime events">
      {notices.length === 0 ? (
        <p className="card__description">
          Listening for changes to listings, reviews and (signed in) your notifications, price alerts and enquiries.
          They appear here the moment the server sends them.
        </p>
      ) : (
        <ol className="demo-log" aria-live="polite" data-testid="demo-realtime">
          {notices.map((n, i) => (
            <li key={`${n.at}-${i}`}>
              <time className="demo-log__time">{time(n.at)}</time>{' '}
              <Badge variant={VARIANT[n.eventType]}>{n.eventType}</Badge> {n.table}
              {n.rowId && <span className="demo-mono"> {n.rowId.slice(0, 8)}</span>}
            </li>
          ))}
        </ol>
      )}
    </DemoPanel>
  );
}
