// How a catalogue screen beside the marketplace reads what the device no longer holds in full: the server's
// answer when online, else (offline, or the server failing) the answer from the rows this device holds,
// marked 'device' so the screen can say it is partial. Re-asked when the connection comes back. A server
// that is slow to answer does not leave the screen loading: after SLOW_SERVER_MS the device's answer shows
// meanwhile, and the server's replaces it when it comes.
import { useEffect, useState } from 'react';
import { reportError } from '@/shared/lib/report-error';
import { ServerSearchError } from './query/server-search';

/** Where an answer came from: the whole market ('server') or only the listings held here ('device'). */
export type AnswerSource = 'server' | 'device';

export interface SourcedAnswer<T> {
  value: T;
  source: AnswerSource;
}

const isOnline = () => typeof navigator === 'undefined' || navigator.onLine !== false;

/** The server's answer, or the device's when it cannot be had. */
export async function serverFirst<T>(
  fromServer: () => Promise<T>,
  fromDevice: () => Promise<T>,
  online: boolean = isOnline(),
): Promise<SourcedAnswer<T>> {
  if (online) {
    try {
      return { value: await fromServer(), source: 'server' };
    } catch (err) {
      // Offline after all (not worth a word), or the server failing (reported): the device still answers.
      const offline = err instanceof TypeError || (err instanceof ServerSearchError && err.kind === 'offline');
      if (!offline) reportError(err, { component: 'catalogue', action: 'reading from the server' });
    }
  }
  return { value: await fromDevice(), source: 'device' };
}

/** How long a screen waits on the server before it shows what the device holds meanwhile. */
export const SLOW_SERVER_MS = 4000;

/** When neither the server nor the device could answer, asked again this often, this many times. */
export const RETRY_MS = 5000;
export const RETRIES = 3;

/**
 * serverFirst() in stages, for a screen: `show` gets the server's answer, or the device's when the server
 * fails; if the server has not answered after `slowMs`, the device's answer first, then the server's when it
 * comes. When neither answers, it asks again (RETRIES times, RETRY_MS apart), so a passing failure does not
 * leave the screen loading for good. Returns a function that stops further answers.
 */
export function answerInStages<T>(
  fromServer: () => Promise<T>,
  fromDevice: () => Promise<T>,
  show: (answer: SourcedAnswer<T>) => void,
  slowMs: number = SLOW_SERVER_MS,
): () => void {
  let live = true;
  const timers = new Set<ReturnType<typeof setTimeout>>();
  const later = (fn: () => void, ms: number) => {
    const t = setTimeout(() => {
      timers.delete(t);
      fn();
    }, ms);
    timers.add(t);
    return t;
  };
  const failed = (err: unknown) => reportError(err, { component: 'catalogue', action: 'reading from the device' });
  const attempt = (retriesLeft: number) => {
    let settled = false;
    const slow = later(() => {
      void fromDevice().then((value) => live && !settled && show({ value, source: 'device' }), failed);
    }, slowMs);
    const done = () => {
      settled = true;
      clearTimeout(slow);
      timers.delete(slow);
    };
    serverFirst(fromServer, fromDevice).then(
      (answer) => {
        done();
        if (live) show(answer);
      },
      (err: unknown) => {
        done();
        failed(err);
        if (live && retriesLeft > 0) later(() => attempt(retriesLeft - 1), RETRY_MS);
      },
    );
  };
  attempt(RETRIES);
  return () => {
    live = false;
    for (const t of timers) clearTimeout(t);
    timers.clear();
  };
}

/**
 * serverFirst() as a hook: undefined until the first answer for `key`; re-run when `key` changes and when
 * the browser comes back online. `key` stands for everything the two readers depend on.
 */
export function useServerFirst<T>(
  key: string,
  fromServer: () => Promise<T>,
  fromDevice: () => Promise<T>,
): SourcedAnswer<T> | undefined {
  const [state, setState] = useState<{ key: string; answer: SourcedAnswer<T> } | undefined>();
  const [round, setRound] = useState(0);
  useEffect(() => {
    const again = () => setRound((r) => r + 1);
    window.addEventListener('online', again);
    return () => window.removeEventListener('online', again);
  }, []);
  useEffect(
    () => answerInStages(fromServer, fromDevice, (answer) => setState({ key, answer })),
    // The readers are closures over `key`: a new pair each render must not ask again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [key, round],
  );
  return state?.key === key ? state.answer : undefined;
}
