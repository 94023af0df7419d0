// A screen beside the marketplace never waits on a slow server with nothing to show: the device's answer
// shows after SLOW_SERVER_MS, and the server's replaces it when it comes.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RETRIES, RETRY_MS, answerInStages, type SourcedAnswer } from './use-server-first';

/** A promise the test settles by hand. */
function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('answerInStages', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('shows only the server answer when it comes in time', async () => {
    const shown: SourcedAnswer<string>[] = [];
    const device = vi.fn(async () => 'held');
    answerInStages(
      async () => 'market',
      device,
      (a) => shown.push(a),
      1000,
    );
    await vi.advanceTimersByTimeAsync(5000);
    expect(shown).toEqual([{ value: 'market', source: 'server' }]);
    expect(device).not.toHaveBeenCalled();
  });

  it('shows the device answer while the server is slow, then the server answer', async () => {
    const shown: SourcedAnswer<string>[] = [];
    const server = deferred<string>();
    answerInStages(
      () => server.promise,
      async () => 'held',
      (a) => shown.push(a),
      1000,
    );
    await vi.advanceTimersByTimeAsync(999);
    expect(shown).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(shown).toEqual([{ value: 'held', source: 'device' }]);
    server.resolve('market');
    await vi.advanceTimersByTimeAsync(0);
    expect(shown.at(-1)).toEqual({ value: 'market', source: 'server' });
  });

  it('drops a device answer that lands after the server answer', async () => {
    const shown: SourcedAnswer<string>[] = [];
    const server = deferred<string>();
    const device = deferred<string>();
    answerInStages(
      () => server.promise,
      () => device.promise,
      (a) => shown.push(a),
      1000,
    );
    await vi.advanceTimersByTimeAsync(1000);
    server.resolve('market');
    await vi.advanceTimersByTimeAsync(0);
    device.resolve('held');
    await vi.advanceTimersByTimeAsync(0);
    expect(shown).toEqual([{ value: 'market', source: 'server' }]);
  });

  it('shows nothing after it is stopped', async () => {
    const shown: SourcedAnswer<string>[] = [];
    const server = deferred<string>();
    const stop = answerInStages(
      () => server.promise,
      async () => 'held',
      (a) => shown.push(a),
      1000,
    );
    stop();
    await vi.advanceTimersByTimeAsync(2000);
    server.resolve('market');
    await vi.advanceTimersByTimeAsync(0);
    expect(shown).toEqual([]);
  });

  it('asks again when neither the server nor the device answered, and gives up after RETRIES', async () => {
    const shown: SourcedAnswer<string>[] = [];
    const server = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new Error('server down'))
      .mockResolvedValueOnce('market');
    const device = vi.fn(async (): Promise<string> => {
      throw new Error('store unreadable');
    });
    answerInStages(server, device, (a) => shown.push(a), 1000);
    await vi.advanceTimersByTimeAsync(0);
    expect(shown).toEqual([]);
    await vi.advanceTimersByTimeAsync(RETRY_MS);
    expect(shown).toEqual([{ value: 'market', source: 'server' }]);

    const never = vi.fn(async (): Promise<string> => {
      throw new Error('server down');
    });
    answerInStages(never, device, () => undefined, 1000);
    await vi.advanceTimersByTimeAsync(RETRY_MS * (RETRIES + 2));
    expect(never).toHaveBeenCalledTimes(RETRIES + 1);
  });

  it('asks no more once it is stopped', async () => {
    const server = vi.fn(async (): Promise<string> => {
      throw new Error('server down');
    });
    const stop = answerInStages(server, server, () => undefined, 1000);
    await vi.advanceTimersByTimeAsync(0);
    stop();
    await vi.advanceTimersByTimeAsync(RETRY_MS * (RETRIES + 2));
    expect(server).toHaveBeenCalledTimes(2);
  });
});
