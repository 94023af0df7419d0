// "Download all my data": one JSON document from the server's copy of the user's rows merged with
// this device's store. A row with a write still waiting on this device appears as this device has
// it (that is what the server will hold once it syncs); rows only on this device are added; every
// waiting write is also listed on its own under unsynced_changes.
import type { DeviceUserData } from '@/data/device';
import type { OutboxOp, ParkedOp } from '@/data/types';
import type { ExportRow, ServerExport } from './api/data-rights-api';

export const EXPORT_FORMAT = 'motorly-data-export';

export interface UnsyncedChange {
  id: string;
  type: OutboxOp['type'];
  table: string;
  row_id: string;
  data: Record<string, unknown>;
  made_at: string;
  status: 'queued' | 'needs attention';
  retries: number;
  last_error: string | null;
}

export interface DataExport {
  format: typeof EXPORT_FORMAT;
  version: 1;
  exported_at: string;
  /** Which copies went into this file (the server's is missing when it could not be reached). */
  sources: { server: boolean; device: boolean };
  account: ServerExport['account'] | null;
  tables: Record<string, ExportRow[]>;
  unsynced_changes: UnsyncedChange[];
  /** Choices kept in this browser (cookie consent, personalisation, compare list...). */
  device_settings: Record<string, unknown>;
}

export interface ExportInput {
  server: ServerExport | null;
  device: DeviceUserData | null;
  settings?: Record<string, unknown>;
  now?: Date;
}

function toChange(op: OutboxOp | ParkedOp, status: UnsyncedChange['status']): UnsyncedChange {
  const { $inc, ...data } = op.data;
  return {
    id: op.id,
    type: op.type,
    table: op.table,
    row_id: op.row_id,
    data: $inc ? { ...data, increment: $inc } : data,
    made_at: new Date(op.timestamp).toISOString(),
    status,
    retries: op.retries,
    last_error: op.last_error,
  };
}

const idOf = (row: ExportRow) => String(row.id);

/** Builds the export document; pure, so the merge rules are unit-tested. */
export function buildDataExport({ server, device, settings = {}, now = new Date() }: ExportInput): DataExport {
  const pending = [...(device?.queued ?? []), ...(device?.parked ?? [])];
  const pendingRows = new Set(pending.map((op) => `${op.table}:${op.row_id}`));
  const tables: Record<string, ExportRow[]> = {};
  const names = new Set([...Object.keys(server?.tables ?? {}), ...Object.keys(device?.tables ?? {})]);
  for (const table of [...names].sort()) {
    const merged = new Map<string, ExportRow>();
    for (const row of server?.tables[table] ?? []) merged.set(idOf(row), row);
    const local = (device?.tables as Record<string, ExportRow[]> | undefined)?.[table] ?? [];
    for (const row of local) {
      const id = idOf(row);
      if (!merged.has(id) || pendingRows.has(`${table}:${id}`)) merged.set(id, row);
    }
    tables[table] = [...merged.values()];
  }
  return {
    format: EXPORT_FORMAT,
    version: 1,
    exported_at: now.toISOString(),
    sources: { server: server !== null, device: device !== null },
    account: server?.account ?? null,
    tables,
    unsynced_changes: [
      ...(device?.queued ?? []).map((op) => toChange(op, 'queued')),
      ...(device?.parked ?? []).map((op) => toChange(op, 'needs attention')),
    ],
    device_settings: settings,
  };
}

/** 'motorly-data-2026-11-23.json'. */
export function exportFileName(now: Date = new Date()): string {
  return `motorly-data-${now.toISOString().slice(0, 10)}.json`;
}
