// The page's half of foreground.ts: tells the leader (in whichever tab) that a search is on its way to the
// server. A module of its own so a screen's chunk can send it without the sync engine's entry.
import { COMMAND_CHANNEL, type SyncCommand } from './channels';

/** How long the catalogue pull waits for the searches to pause, and at most (the app's sync start waits alike). */
export { QUIET_MS, MAX_HOLD_MS as FOREGROUND_MAX_HOLD_MS } from './foreground';

let channel: BroadcastChannel | null = null;
let lastAt: number | null = null;
let ownWorker: Pick<Worker, 'postMessage'> | null = null;

export function noteForegroundSearch(): void {
  lastAt = Date.now();
  const cmd: SyncCommand = { type: 'foreground', at: lastAt };
  // This tab's worker directly too: a leader just starting in it is not yet on the channel.
  ownWorker?.postMessage(cmd);
  if (typeof BroadcastChannel === 'undefined') return;
  channel ??= new BroadcastChannel(COMMAND_CHANNEL);
  channel.postMessage(cmd);
}

/** This tab's new sync worker: told of the last search made before it ran, and of every one after. */
export function tellWorkerOfSearches(worker: Pick<Worker, 'postMessage'>): void {
  ownWorker = worker;
  if (lastAt !== null) worker.postMessage({ type: 'foreground', at: lastAt } satisfies SyncCommand);
}
