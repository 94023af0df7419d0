// @vitest-environment jsdom
// The picture worker's cancel: a request dropped before it is drawn is said back, so the page forgets it.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DrawReply, PageMessage } from './car-canvas-protocol';

afterEach(() => vi.restoreAllMocks());

describe('car art worker', () => {
  it('answers a request cancelled before its turn with cancelled, and never draws it', async () => {
    const sent: DrawReply[] = [];
    vi.spyOn(self, 'postMessage').mockImplementation((msg: unknown) => void sent.push(msg as DrawReply));
    await import('./car-art.worker');
    const receive = (self as unknown as { onmessage: (e: { data: PageMessage }) => void }).onmessage;
    const input = {
      bodyStyle: 'hatchback',
      model: null,
      colour: 'Red',
      view: 'side',
      backdrop: 'studio',
    } as unknown as Extract<PageMessage, { input: unknown }>['input'];
    receive({ data: { id: 7, input, width: 320, height: 192 } });
    receive({ data: { cancel: 7 } });
    // A cancel for a request no longer queued (already drawn or being drawn) says nothing.
    receive({ data: { cancel: 8 } });
    await new Promise((r) => setTimeout(r, 20));
    expect(sent).toEqual([{ id: 7, cancelled: true }]);
  });
});
