import { useSyncExternalStore } from 'react';
import { getPageSyncState, setSimulatedOffline, subscribePageSyncState, type PageSyncState } from '@/sync';
import { Badge, Switch } from '@/shared/ui';
import { DemoPanel } from './demo-panel';

/**
 * What the sync engine is doing, not only what was asked: the switch is a message to the leader (this
 * tab's worker or another tab's), so until the leader's status says offline a write could still go up.
 */
export function connectionLabel(page: PageSyncState): 'Online' | 'Offline' | 'Going offline…' {
  if (page.simulatedOffline && page.status.online) return 'Going offline…';
  return page.online && page.status.online ? 'Online' : 'Offline';
}

/** The "simulate offline" switch: the sync engine treats the app as offline until switched back. */
export function OfflinePanel() {
  const page = useSyncExternalStore(subscribePageSyncState, getPageSyncState, getPageSyncState);
  const label = connectionLabel(page);
  return (
    <DemoPanel
      id="offline-title"
      title="Connection"
      wide
      badge={
        <Badge variant={label === 'Online' ? 'success' : 'warning'} data-testid="demo-connection">
          {label}
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
