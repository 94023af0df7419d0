import { describe, expect, it } from 'vitest';
import { getPageSyncState, type PageSyncState } from '@/sync';
import { connectionLabel } from './offline-panel';

const state = (patch: Partial<PageSyncState>, engineOnline: boolean): PageSyncState => {
  const base = getPageSyncState();
  return { ...base, ...patch, status: { ...base.status, online: engineOnline } };
};

describe('the tech demo’s connection badge', () => {
  it('says offline only once the leader’s engine has gone offline', () => {
    // Switched on in this tab, the leader has not heard yet: a write could still go up.
    expect(connectionLabel(state({ simulatedOffline: true, online: false }, true))).toBe('Going offline…');
    expect(connectionLabel(state({ simulatedOffline: true, online: false }, false))).toBe('Offline');
  });

  it('says online only when both the page and the engine are online', () => {
    expect(connectionLabel(state({ simulatedOffline: false, online: true }, true))).toBe('Online');
    // Switched back: the engine still offline until the leader handles it.
    expect(connectionLabel(state({ simulatedOffline: false, online: true }, false))).toBe('Offline');
    // A real dead connection.
    expect(connectionLabel(state({ simulatedOffline: false, online: false }, true))).toBe('Offline');
  });
});
