// Dedicated sync worker: every tab starts one; only the holder of the leader lock runs the engine.
// When the leader's tab closes (or is frozen: the page terminates its worker) the lock is
// released and a waiting worker in another tab takes over.
import { LEADER_LOCK, type WorkerMessage } from './channels';
import { startLeader } from './leader';

/** Typed post to the page that started this worker. */
const post = (msg: WorkerMessage) => self.postMessage(msg);

void navigator.locks.request(LEADER_LOCK, async () => {
  try {
    const leader = await startLeader();
    post({ type: 'leader', leaderId: leader.id });
  } catch (err) {
    post({ type: 'error', message: err instanceof Error ? err.message : String(err) });
  }
  // Hold the lock for this worker's whole life.
  await new Promise<never>(() => undefined);
});
