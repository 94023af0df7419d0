import { useSyncQueue } from '@/data/sync-queue';
import type { OutboxOp } from '@/data/types';
import { Badge, TableHead } from '@/shared/ui';
import { DemoPanel } from './demo-panel';

const time = (ms: number) => new Date(ms).toLocaleTimeString('en-GB');

function OpRow({ op, status }: { op: OutboxOp; status: 'queued' | 'needs attention' }) {
  return (
    <tr>
      <td>{op.seq}</td>
      <td>
        <Badge variant={op.type === 'delete' ? 'warning' : op.type === 'create' ? 'success' : 'primary'}>
          {op.type}
        </Badge>
      </td>
      <td>{op.table}</td>
      <td className="demo-mono" title={op.row_id}>
        {op.row_id.slice(0, 8)}
      </td>
      <td>{op.retries}</td>
      <td>{time(op.timestamp)}</td>
      <td>{status === 'queued' ? 'Queued' : `Needs attention${op.last_error ? `: ${op.last_error}` : ''}`}</td>
    </tr>
  );
}

/** The outbox: every write not yet on the server, in replay order, and the parked ones. */
export function OutboxPanel() {
  const queue = useSyncQueue();
  const total = (queue?.queued.length ?? 0) + (queue?.parked.length ?? 0);
  return (
    <DemoPanel
      id="outbox-title"
      title="Outbox"
      wide
      badge={<Badge data-testid="demo-outbox-count">{queue ? `${total} pending` : 'Loading…'}</Badge>}
    >
      {queue && total === 0 ? (
        <p className="card__description">Empty: every change on this device is on the server.</p>
      ) : (
        <div className="demo-table-wrap" tabIndex={0} role="region" aria-labelledby="outbox-title">
          <table className="demo-table" data-testid="demo-outbox">
            <TableHead columns={['Seq', 'Type', 'Table', 'Row', 'Retries', 'Made', 'Status']} />
            <tbody>
              {queue?.queued.map((op) => (
                <OpRow key={op.id} op={op} status="queued" />
              ))}
              {queue?.parked.map((op) => (
                <OpRow key={op.id} op={op} status="needs attention" />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </DemoPanel>
  );
}
