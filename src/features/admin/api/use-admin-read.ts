// How a screen runs an admin-api.ts read: loading, data or a displayable error, and a reload.
// Kept apart from admin-api.ts so the worker bundle never pulls in React.
import { useCallback, useEffect, useState } from 'react';
import { AdminReadError } from './admin-api';
import { watchAdminTable } from './admin-live';

export interface AdminRead<T> {
  data: T | undefined;
  error: string | undefined;
  loading: boolean;
  reload: () => void;
}

/**
 * Runs `read` (a function of admin-api.ts, bound to its arguments) on mount, whenever `key` changes
 * and on reload(). An answer for an older key or an unmounted screen is dropped.
 */
export function useAdminRead<T>(key: string, read: () => Promise<T>): AdminRead<T> {
  const [state, setState] = useState<{ key: string; data?: T; error?: string; loading: boolean }>({
    key,
    loading: true,
  });
  const [round, setRound] = useState(0);
  const reload = useCallback(() => setRound((r) => r + 1), []);
  useEffect(() => {
    let live = true;
    setState((s) => ({ key, data: s.key === key ? s.data : undefined, loading: true }));
    read().then(
      (data) => live && setState({ key, data, loading: false }),
      (e: unknown) =>
        live &&
        setState({
          key,
          loading: false,
          error: e instanceof AdminReadError ? e.message : 'The data could not be loaded. Please try again.',
        }),
    );
    return () => {
      live = false;
    };
    // `read` is bound to `key`: a new closure each render must not refetch.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, round]);
  return { data: state.data, error: state.error, loading: state.loading, reload };
}

/** Runs `onChange` (a read's reload) whenever rows of an admin table change on the server. */
export function useAdminLive(table: Parameters<typeof watchAdminTable>[0], onChange: () => void): void {
  useEffect(() => {
    const watch = watchAdminTable(table, onChange);
    return () => watch.close();
  }, [table, onChange]);
}
