import { describe, expect, it } from 'vitest';
import type { DeviceUserData } from '@/data/device';
import type { OutboxOp } from '@/data/types';
import type { ServerExport } from './api/data-rights-api';
import { buildDataExport, exportFileName } from './export-builder';

const USER = '11111111-1111-4111-8111-111111111111';
const NOW = new Date('2026-11-23T10:00:00Z');

function op(partial: Partial<OutboxOp>): OutboxOp {
  return {
    id: 'op-1',
    seq: 1,
    client_id: 'c1',
    user_id: USER,
    type: 'create',
    table: 'bookmarks',
    row_id: 'b-local',
    data: {},
    timestamp: NOW.getTime() - 60_000,
    retries: 0,
    last_error: null,
    last_error_code: null,
    next_attempt_at: 0,
    ...partial,
  };
}

function emptyDevice(): DeviceUserData {
  return {
    sessionUserId: USER,
    tables: {
      bookmarks: [],
      dealer_members: [],
      saved_searches: [],
      leads: [],
      lead_messages: [],
      notifications: [],
      price_alerts: [],
      user_preferences: [],
      user_preference_profiles: [],
      personalized_recommendations: [],
      search_interactions: [],
      error_reports: [],
    },
    queued: [],
    parked: [],
  };
}

const server: ServerExport = {
  account: { id: USER, email: 'me@example.com', created_at: '2026-01-01', last_sign_in_at: null },
  tables: {
    bookmarks: [{ id: 'b-server', user_id: USER, note: 'from server' }],
    price_alerts: [{ id: 'a1', user_id: USER, target_price: 9000 }],
    newsletter_subscriptions: [{ id: 'n1', email: 'me@example.com' }],
  },
};

describe('buildDataExport', () => {
  it("merges the server's rows with rows only on this device and lists unsynced writes", () => {
    const device = emptyDevice();
    device.tables.bookmarks = [
      { id: 'b-server', user_id: USER, note: 'from server' },
      { id: 'b-local', user_id: USER, note: 'offline' },
    ] as never;
    device.queued = [op({ row_id: 'b-local', data: { note: 'offline' } })];
    const out = buildDataExport({ server, device, settings: { 'motorly.consent': { analytics: false } }, now: NOW });
    expect(out.format).toBe('motorly-data-export');
    expect(out.exported_at).toBe('2026-11-23T10:00:00.000Z');
    expect(out.sources).toEqual({ server: true, device: true });
    expect(out.account?.email).toBe('me@example.com');
    expect(out.tables.bookmarks.map((r) => r.id)).toEqual(['b-server', 'b-local']);
    expect(out.tables.newsletter_subscriptions).toHaveLength(1);
    expect(out.unsynced_changes).toEqual([
      expect.objectContaining({ type: 'create', table: 'bookmarks', row_id: 'b-local', status: 'queued' }),
    ]);
    expect(out.device_settings).toEqual({ 'motorly.consent': { analytics: false } });
  });

  it("shows a row with a pending write as this device has it, else the server's copy", () => {
    const device = emptyDevice();
    device.tables.price_alerts = [{ id: 'a1', user_id: USER, target_price: 8000 }] as never;
    const unchanged = buildDataExport({ server, device, now: NOW });
    expect(unchanged.tables.price_alerts).toEqual([{ id: 'a1', user_id: USER, target_price: 9000 }]);

    device.parked = [
      {
        ...op({ table: 'price_alerts', row_id: 'a1', type: 'update', retries: 3, last_error: 'x' }),
        parked_at: 1,
        failure: 'permanent',
      },
    ];
    const changed = buildDataExport({ server, device, now: NOW });
    expect(changed.tables.price_alerts).toEqual([{ id: 'a1', user_id: USER, target_price: 8000 }]);
    expect(changed.unsynced_changes[0]).toMatchObject({ status: 'needs attention', retries: 3 });
  });

  it('works from one source when the other is missing', () => {
    const deviceOnly = buildDataExport({ server: null, device: emptyDevice(), now: NOW });
    expect(deviceOnly.sources).toEqual({ server: false, device: true });
    expect(deviceOnly.account).toBeNull();
    const serverOnly = buildDataExport({ server, device: null, now: NOW });
    expect(serverOnly.tables.price_alerts).toHaveLength(1);
    expect(serverOnly.unsynced_changes).toEqual([]);
  });

  it('names the file after the date', () => {
    expect(exportFileName(NOW)).toBe('motorly-data-2026-11-23.json');
  });
});
