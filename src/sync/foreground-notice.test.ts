import { describe, expect, it, vi } from 'vitest';
import type { SyncCommand } from './channels';

/** A fresh copy of the module (its last search and worker are the page's, kept between calls). */
const fresh = async () => {
  vi.resetModules();
  return import('./foreground-notice');
};

describe('the page tells its sync worker of searches', () => {
  it('a worker started after a search hears when it was asked, and hears every later one directly', async () => {
    const { noteForegroundSearch, tellWorkerOfSearches } = await fresh();
    const heard: SyncCommand[] = [];
    const worker = { postMessage: (cmd: SyncCommand) => void heard.push(cmd) };
    const before = Date.now();
    noteForegroundSearch();
    tellWorkerOfSearches(worker);
    expect(heard).toHaveLength(1);
    const first = heard[0] as Extract<SyncCommand, { type: 'foreground' }>;
    expect(first.type).toBe('foreground');
    expect(first.at).toBeGreaterThanOrEqual(before);
    expect(first.at).toBeLessThanOrEqual(Date.now());
    noteForegroundSearch();
    expect(heard.map((c) => c.type)).toEqual(['foreground', 'foreground']);
  });

  it('a worker started before any search is told nothing until one is asked', async () => {
    const { noteForegroundSearch, tellWorkerOfSearches } = await fresh();
    const heard: SyncCommand[] = [];
    tellWorkerOfSearches({ postMessage: (cmd: SyncCommand) => void heard.push(cmd) });
    expect(heard).toEqual([]);
    noteForegroundSearch();
    expect(heard).toHaveLength(1);
  });
});
