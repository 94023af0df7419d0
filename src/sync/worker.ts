// Dedicated sync worker: every tab starts one; only the holder of the leader lock runs the engine.
// When the leader's tab closes (or is frozen: the page terminates its worker) the lock is
// released and a waiting worker in another tab takes over.
import { LEADER_LOCK, type SyncCommand, type WorkerMessage } from './channels';
import { realClock } from './engine';
import { foregroundGate } from './foreground';
import { startLeader } from './leader';

/** Typed post to the page that started this worker. */
const post = (msg: WorkerMessage) => self.postMessage(msg);

// The page's searches reach this worker directly as well as over the command channel: the ones made before the
// leader listened (the app starts its sync worker as the shopper searches) still hold the first download back.
const foreground = foregroundGate(realClock);
self.onmessage = (e: MessageEvent<SyncCommand>) => {
  if (e.data.type === 'foreground') foreground.note(e.data.at);
};

void navigator.locks.request(LEADER_LOCK, async () => {
  try {
    const leader = await startLeader({ foreground });
    post({ type: 'leader', leaderId: leader.id });
  } catch (err) {
    post({ type: 'error', message: err instanceof Error ? err.message : String(err) });
  }
  // Hold the lock for this worker's whole life.
  await new Promise<never>(() => undefined);
});
