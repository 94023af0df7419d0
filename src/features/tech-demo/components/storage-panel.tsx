import { useTableCounts } from '@/data/device';
import { formatBytes, useStorageEstimate } from '../hooks/use-storage-estimate';
import { DemoPanel } from './demo-panel';

/** Rows per local table and what the browser says this origin uses. */
export function StoragePanel() {
  const counts = useTableCounts();
  const estimate = useStorageEstimate();
  const rows = counts ? Object.entries(counts).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])) : [];
  return (
    <DemoPanel id="storage-title" title="Storage on this device">
      <p className="card__description" data-testid="demo-storage-estimate">
        {estimate?.usage != null
          ? `${formatBytes(estimate.usage)} used${estimate.quota ? ` of ${formatBytes(estimate.quota)} available` : ''}`
          : 'The browser gives no storage estimate.'}
      </p>
      <div className="demo-table-wrap" tabIndex={0} role="region" aria-labelledby="storage-title">
        <table className="demo-table" data-testid="demo-storage">
          <thead>
            <tr>
              <th scope="col">Table</th>
              <th scope="col" className="demo-num">
                Rows
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map(([table, n]) => (
              <tr key={table}>
                <td>{table}</td>
                <td className="demo-num">{n.toLocaleString('en-GB')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </DemoPanel>
  );
}
