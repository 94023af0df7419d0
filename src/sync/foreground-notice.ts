// The page's half of foreground.ts: tells the leader (in whichever tab) that a search is on its way to the
// server. A module of its own so a screen's chunk can send it without the sync engine's entry.
import { COMMAND_CHANNEL, type SyncCommand } from './channels';

let channel: BroadcastChannel | null = null;

export function noteForegroundSearch(): void {
  if (typeof BroadcastChannel === 'undefined') return;
  channel ??= new BroadcastChannel(COMMAND_CHANNEL);
  channel.postMessage({ type: 'foreground' } satisfies SyncCommand);
}
