// Each sync edge that used to swallow an error (an empty catch) now reports a typed sync-error.
import { describe, expect, it, vi } from 'vitest';
import { MotorlyDb } from '@/data/db';
import { createSyncStore, type SyncStore } from '@/data/sync-queue';
import { leaderProblems } from './leader';
import { followAuthChanges, registerBackgroundSync } from './page-edges';
import { changeApplier } from './realtime';
import { createSyncErrorRecorder, SAME_PROBLEM_WINDOW_MS } from './sync-error-reports';
import { syncError, type SyncErrorEvent } from './sync-errors';
import { TransportError } from './transport';
import { withTestDb } from '@/data/testing/test-db';

let db: MotorlyDb;
withTestDb('sync-edges', (d) => (db = d), null);

describe('sync edges', () => {
  it('realtime: a change that cannot be written is an event, and later changes still apply', async () => {
    const store = createSyncStore(db);
    const failing: SyncStore = { ...store, applyPulled: async () => Promise.reject(new Error('QuotaExceededError')) };
    const events: SyncErrorEvent[] = [];
    const apply = changeApplier({ store: failing, onError: (e) => events.push(e) });
    await apply('reviews', { eventType: 'INSERT', new: { id: 'r1' }, old: {} } as never);
    expect(events).toMatchObject([{ type: 'sync-error', kind: 'realtime', cause: 'Error: QuotaExceededError' }]);
    const ok = changeApplier({ store, onError: (e) => events.push(e) });
    await ok('reviews', {
      eventType: 'INSERT',
      new: { id: 'r2', updated_at: '2026-01-01T00:00:00Z' },
      old: {},
    } as never);
    expect(await db.reviews.get('r2')).toBeDefined();
    expect(events).toHaveLength(1);
    // A worker still installing (first visit) is not asked, so its refusal is no error.
    const installing = {
      active: null,
      sync: { register: () => Promise.reject(new DOMException('x', 'InvalidStateError')) },
    };
    await registerBackgroundSync(
      'tag',
      async () => installing as never,
      (e) => events.push(e),
    );
    expect(events).toHaveLength(1);
  });

  it('leader: a command that fails is posted to every tab and recorded', async () => {
    const posted: SyncErrorEvent[] = [];
    const record = vi.fn(async () => true);
    const { guard } = leaderProblems((e) => posted.push(e), record);
    await guard('command', Promise.reject(new TypeError('store is closed')));
    expect(posted).toMatchObject([{ kind: 'command', cause: 'TypeError: store is closed' }]);
    expect(record).toHaveBeenCalledWith(posted[0]);
  });

  it('store: a queue count that cannot be read is reported through onError', async () => {
    const store = createSyncStore(db);
    db.close({ disableAutoOpen: true });
    const onError = vi.fn();
    const stop = store.observeQueue(() => undefined, { onError });
    await vi.waitFor(() => expect(onError).toHaveBeenCalled());
    stop();
  });

  it('page: a refused Background Sync registration is an event', async () => {
    const events: SyncErrorEvent[] = [];
    const reg = {
      active: {},
      sync: { register: () => Promise.reject(new DOMException('Permission denied', 'NotAllowedError')) },
    };
    await registerBackgroundSync(
      'tag',
      async () => reg as never,
      (e) => events.push(e),
    );
    expect(events).toMatchObject([{ kind: 'background-sync' }]);
    // No Background Sync API at all is not a problem.
    await registerBackgroundSync(
      'tag',
      async () => ({}) as never,
      (e) => events.push(e),
    );
    expect(events).toHaveLength(1);
  });

  it('page: an account switch that fails is an event, and the next change is still applied', async () => {
    const events: SyncErrorEvent[] = [];
    const sent: string[] = [];
    const follow = followAuthChanges({
      setSessionUser: async (id) => {
        if (id === 'bad') throw new Error('DatabaseClosedError');
      },
      send: (t) => sent.push(t),
      onError: (e) => events.push(e),
    });
    await follow('SIGNED_IN', 'bad');
    await follow('SIGNED_IN', 'good');
    expect(events).toMatchObject([{ kind: 'auth-change' }]);
    expect(sent).toEqual(['auth-changed']);
  });
});

describe('sync errors on the error-report path', () => {
  it('records with SPEC §8 severity and once a minute per problem', async () => {
    const record = createSyncErrorRecorder(db, 'leader');
    const t0 = Date.UTC(2026, 10, 23, 9);
    const server = syncError('push', new TransportError('server', 'Server error', 503), t0);
    const offline = syncError('pull', new TransportError('network', 'Network request failed', 0), t0);
    expect(await record(server)).toBe(true);
    expect(await record({ ...server, time: t0 + 5000 })).toBe(false); // the retry 5 s later
    expect(await record(offline)).toBe(true);
    expect(await record({ ...server, time: t0 + SAME_PROBLEM_WINDOW_MS })).toBe(true);
    const reports = await db.error_reports.orderBy('reported_at').toArray();
    expect(reports.map((r) => [r.context.action, r.severity])).toEqual([
      ['push', 'high'],
      ['pull', 'medium'],
      ['push', 'high'],
    ]);
    expect(reports[0].context).toMatchObject({ component: 'sync', metadata: { status: 503, origin: 'leader' } });
    expect(await db.outbox.count()).toBe(3); // queued for the server (signed out: without a user)
  });
});
