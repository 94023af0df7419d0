import { useSyncLog } from '../hooks/use-sync-log';
import { DemoPanel } from './demo-panel';

const time = (ms: number) => new Date(ms).toLocaleTimeString('en-GB');

/** Recent sync events, newest first. */
export function SyncLogPanel() {
  const entries = useSyncLog();
  return (
    <DemoPanel id="synclog-title" title="Sync log">
      <ol className="demo-log" aria-live="polite" data-testid="demo-sync-log">
        {entries.map((e) => (
          <li key={e.id} data-kind={e.kind}>
            <time className="demo-log__time">{time(e.at)}</time> {e.text}
          </li>
        ))}
      </ol>
    </DemoPanel>
  );
}
