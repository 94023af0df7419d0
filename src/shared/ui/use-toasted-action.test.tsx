// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { resetToasts, toastStore } from './toast-store';
import { useToastedAction } from './use-toasted-action';

const shown = () => toastStore.getState().toasts.map((t) => [t.variant, t.title, t.description]);

describe('useToastedAction', () => {
  afterEach(() => resetToasts());

  it('is busy while the action runs, then shows its success message', async () => {
    const { result } = renderHook(() => useToastedAction());
    let finish: () => void = () => undefined;
    let done: Promise<void> = Promise.resolve();
    act(() => {
      done = result.current[1](
        () => new Promise((resolve) => (finish = () => resolve({ title: 'Saved', description: 'All good.' }))),
        'Failed to save.',
      );
    });
    expect(result.current[0]).toBe(true);
    await act(async () => {
      finish();
      await done;
    });
    expect(result.current[0]).toBe(false);
    expect(shown()).toEqual([['success', 'Saved', 'All good.']]);
  });

  it('shows an Error toast with the failure text when the action throws', async () => {
    const { result } = renderHook(() => useToastedAction());
    await act(() => result.current[1](() => Promise.reject(new Error('offline')), 'Failed to save.'));
    expect(result.current[0]).toBe(false);
    expect(shown()).toEqual([['destructive', 'Error', 'Failed to save.']]);
  });
});
