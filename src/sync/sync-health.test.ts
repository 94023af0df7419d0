import { describe, expect, it } from 'vitest';
import type { ReportedParked } from '@/data/sync-queue';
import { HEALTH_RETRY_MS, createSyncHealthReporter, type SyncHealthDeps } from './sync-health';

function harness(start: ReportedParked | undefined = undefined) {
  const sent: { userId: string | null; parked: number }[] = [];
  const state = { user: 'u1' as string | null, stored: start, online: true, now: 0, failing: false };
  const deps: SyncHealthDeps = {
    userId: async () => state.user,
    lastReported: async () => state.stored,
    remember: async (v) => void (state.stored = v),
    send: async (parked) => {
      if (state.failing) throw new Error('503');
      sent.push({ userId: state.user, parked });
    },
    isOnline: () => state.online,
    now: () => state.now,
  };
  return { sent, state, reporter: createSyncHealthReporter(deps) };
}

describe('sync health reporter', () => {
  it('sends nothing for a device that never had a parked op, then each change once', async () => {
    const { sent, reporter } = harness();
    reporter.note(0);
    await reporter.flush();
    expect(sent).toEqual([]);
    reporter.note(2);
    reporter.note(2);
    await reporter.flush();
    reporter.note(0);
    await reporter.flush();
    expect(sent).toEqual([
      { userId: 'u1', parked: 2 },
      { userId: 'u1', parked: 0 },
    ]);
  });

  it('waits while offline and reports the figure on the next flush', async () => {
    const { sent, state, reporter } = harness();
    state.online = false;
    reporter.note(3);
    await reporter.flush();
    expect(sent).toEqual([]);
    state.online = true;
    await reporter.flush();
    expect(sent).toEqual([{ userId: 'u1', parked: 3 }]);
  });

  it('after a failure tries again no sooner than a minute later', async () => {
    const { sent, state, reporter } = harness();
    state.failing = true;
    reporter.note(1);
    await reporter.flush();
    state.failing = false;
    state.now = HEALTH_RETRY_MS - 1;
    await reporter.flush();
    expect(sent).toEqual([]);
    state.now = HEALTH_RETRY_MS;
    await reporter.flush();
    expect(sent).toEqual([{ userId: 'u1', parked: 1 }]);
  });

  it('reports again for another account, and not again after a restart with the same figure', async () => {
    const first = harness({ userId: 'u1', parked: 4 });
    first.reporter.note(4);
    await first.reporter.flush();
    expect(first.sent).toEqual([]);
    first.state.user = 'u2';
    await first.reporter.flush();
    expect(first.sent).toEqual([{ userId: 'u2', parked: 4 }]);
  });
});
