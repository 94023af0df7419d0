import { describe, expect, it } from 'vitest';
import { newWriteWatcher } from './leader';

describe('newWriteWatcher (the leader\'s "new write" trigger)', () => {
  const run = (steps: { queued: number; lastSeq: number; parked?: number }[]) => {
    const fired: number[] = [];
    const watch = newWriteWatcher(() => fired.push(i));
    let i = 0;
    for (; i < steps.length; i++) watch({ parked: 0, ...steps[i] });
    return fired;
  };

  it('takes the first counts as the baseline', () => {
    expect(run([{ queued: 5, lastSeq: 9 }])).toEqual([]);
  });

  it('fires for a new op, not for acks or spent tries', () => {
    expect(
      run([
        { queued: 0, lastSeq: 0 },
        { queued: 1, lastSeq: 1 }, // a write
        { queued: 1, lastSeq: 1 }, // a try spent (same op, retries + 1)
        { queued: 0, lastSeq: 0 }, // acked
        { queued: 2, lastSeq: 3 }, // two writes in one burst
      ]),
    ).toEqual([1, 4]);
  });

  it('fires when an ack and a new write land in the same report (the count did not grow)', () => {
    expect(
      run([
        { queued: 1, lastSeq: 4 },
        { queued: 1, lastSeq: 5 }, // op 4 acked, op 5 written
      ]),
    ).toEqual([1]);
  });

  it('fires when a parked op is retried (back in the queue with its old seq)', () => {
    expect(
      run([
        { queued: 1, lastSeq: 7, parked: 1 },
        { queued: 2, lastSeq: 7 },
      ]),
    ).toEqual([1]);
  });
});
