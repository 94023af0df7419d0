import { PageHeader } from '@/shared/ui';
import { OfflinePanel } from './offline-panel';
import { OutboxPanel } from './outbox-panel';
import { RealtimePanel } from './realtime-panel';
import { StoragePanel } from './storage-panel';
import { SyncLogPanel } from './sync-log-panel';
import '../tech-demo.css';

/** /tech-demo: a live window into the local-first engine. */
export function TechDemoScreen() {
  return (
    <div className="container page">
      <PageHeader
        eyebrow="Under the bonnet"
        title="Tech demo"
        intro="Motorly reads and writes a database in your browser, so every tap answers at once and works offline; a sync worker keeps it in step with the server. Watch it live here."
      />
      <div className="grid-thirds demo-grid">
        <OfflinePanel />
        <OutboxPanel />
        <SyncLogPanel />
        <RealtimePanel />
        <StoragePanel />
      </div>
    </div>
  );
}
