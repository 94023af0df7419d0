import { describe, expect, it } from 'vitest';
import { describePhase, describeSyncEvent } from './sync-log';

describe('describeSyncEvent', () => {
  it('describes pulls, typed errors and parked ops', () => {
    expect(describeSyncEvent({ type: 'pulled', table: 'bookmarks', count: 3 })).toEqual({
      kind: 'pulled',
      text: 'Pulled 3 row(s) into bookmarks',
    });
    expect(
      describeSyncEvent({ type: 'sync-error', message: 'Please check your internet connection.', code: '503' }),
    ).toEqual({
      kind: 'error',
      text: 'Please check your internet connection. (code 503)',
    });
    expect(describeSyncEvent({ type: 'sync-failed', count: 2, message: 'No access' }).text).toBe(
      '2 change(s) need attention: No access',
    );
  });

  it('keeps unknown or oddly shaped events instead of dropping or throwing', () => {
    expect(describeSyncEvent({ type: 'sync-error', message: 42, kind: 'network' })).toEqual({
      kind: 'error',
      text: 'Sync error',
    });
    expect(describeSyncEvent({ type: 'leader-changed' })).toEqual({ kind: 'other', text: 'Event: leader-changed' });
  });
});

describe('describePhase', () => {
  it('says offline whenever the app is offline, else what the engine is doing', () => {
    expect(describePhase('idle', false)).toBe('Offline: writes queue on this device');
    expect(describePhase('pushing', true)).toBe('Uploading queued changes');
    expect(describePhase('something-new', true)).toBe('Phase: something-new');
  });
});
