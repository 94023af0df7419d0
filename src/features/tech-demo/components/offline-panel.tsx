import { useSyncExternalStore } from 'react';
import { getPageSyncState, setSimulatedOffline, subscribePageSyncState } from '@/sync';
import { Badge, Switch } from '@/shared/ui';
import { DemoPanel } from './demo-panel';

/** The "simulate offline" switch: the sync engine treats the app as offline until switched back. */
export function OfflinePanel() {
  const page = useSyncExternalStore(subscribePageSyncState, getPageSyncState, getPageSyncState);
  const effectiveOnline = page.online && page.status.online;
  return (
    <DemoPanel
      id="offline-title"
      title="Connection"
      wide
      badge={
        <Badge variant={effectiveOnline ? 'success' : 'warning'} data-testid="demo-connection">
          {effectiveOnline ? 'Online' : 'Offline'}
        </Badge>
      }
    >
      <Switch checked={page.simulatedOffline} onCheckedChange={setSimulatedOffline} label="Simulate being offline" />
      <p className="card__description">
        While this is on, the sync engine sends nothing and downloads nothing, exactly as on a dead connection: every
        change you make (bookmark a car, say) is saved on this device and waits in the outbox below. Switch it off and
        the queue uploads in order. Nothing is lost either way.
      </p>
    </DemoPanel>
  );
}
