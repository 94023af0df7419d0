// How a catalogue screen beside the marketplace reads what the device no longer holds in full: the server's
// answer when online, else (offline, or the server failing) the answer from the rows this device holds,
// marked 'device' so the screen can say it is partial. Re-asked when the connection comes back.
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
  useEffect(() => {
    let live = true;
    serverFirst(fromServer, fromDevice).then(
      (answer) => live && setState({ key, answer }),
      () => undefined,
    );
    return () => {
      live = false;
    };
    // The readers are closures over `key`: a new pair each render must not ask again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, round]);
  return state?.key === key ? state.answer : undefined;
}
