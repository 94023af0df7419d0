import { Card } from '@/shared/ui';
import { useSyncLog } from '../hooks/use-sync-log';

const time = (ms: number) => new Date(ms).toLocaleTimeString('en-GB');

/** Recent sync events, newest first. */
export function SyncLogPanel() {
  const entries = useSyncLog();
  return (
    <Card as="section" aria-labelledby="synclog-title" className="demo-panel">
      <h2 id="synclog-title" className="card__title">
        Sync log
      </h2>
      <ol className="demo-log" aria-live="polite" data-testid="demo-sync-log">
        {entries.map((e) => (
          <li key={e.id} data-kind={e.kind}>
            <time className="demo-log__time">{time(e.at)}</time> {e.text}
          </li>
        ))}
      </ol>
    </Card>
  );
}
