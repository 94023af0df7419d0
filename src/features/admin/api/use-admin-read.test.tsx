// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, renderHook, waitFor } from '@testing-library/react';
import { AdminReadError } from './admin-api';
import { useAdminRead } from './use-admin-read';

afterEach(cleanup);

describe('useAdminRead', () => {
  it('loads, then shows the data', async () => {
    const { result } = renderHook(() => useAdminRead('k', async () => [1, 2]));
    expect(result.current.loading).toBe(true);
    await waitFor(() => expect(result.current.data).toEqual([1, 2]));
    expect(result.current).toMatchObject({ loading: false, error: undefined });
  });

  it('shows a failed read as a message, never the raw error', async () => {
    const { result, rerender } = renderHook(
      ({ fail }) =>
        useAdminRead(fail ? 'a' : 'b', () =>
          Promise.reject(fail ? new AdminReadError(403) : new Error('select * from x')),
        ),
      {
        initialProps: { fail: true },
      },
    );
    await waitFor(() => expect(result.current.error).toBe('You do not have access to this page.'));
    rerender({ fail: false });
    await waitFor(() => expect(result.current.error).toBe('The data could not be loaded. Please try again.'));
  });

  it('drops an answer for an older key', async () => {
    let resolveOld: (v: string) => void = () => {};
    const { result, rerender } = renderHook(
      ({ key }) =>
        useAdminRead(key, () =>
          key === 'old' ? new Promise<string>((r) => (resolveOld = r)) : Promise.resolve('new'),
        ),
      {
        initialProps: { key: 'old' },
      },
    );
    rerender({ key: 'new' });
    await waitFor(() => expect(result.current.data).toBe('new'));
    resolveOld('old');
    await new Promise((r) => setTimeout(r, 10));
    expect(result.current.data).toBe('new');
  });

  it('reload() reads again', async () => {
    let n = 0;
    const { result } = renderHook(() => useAdminRead('k', async () => ++n));
    await waitFor(() => expect(result.current.data).toBe(1));
    result.current.reload();
    await waitFor(() => expect(result.current.data).toBe(2));
  });
});
