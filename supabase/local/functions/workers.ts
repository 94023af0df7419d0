// Background workers of the local stack: the e-mail outbox sender. It LISTENs on 'email_outbox'
// (the price-alert trigger notifies with the row id) and also drains pending rows at start.
import type { StackContext } from '../types';
import { drainOutbox, outboxTableExists } from './outbox';

export function startWorkers(ctx: StackContext): { close(): Promise<void> } {
  let closed = false;
  let running: Promise<void> | null = null;
  let again = false;
  let unlisten: (() => Promise<void>) | null = null;

  // One drain at a time; a notification during a drain schedules one more pass.
  function kick(): Promise<void> {
    if (closed) return Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        try {
          if (!(await outboxTableExists(ctx.db))) return;
          while (!closed && (await drainOutbox(ctx.db, ctx.mailbox, ctx.config.siteUrl)) === 100);
        } catch {
          // A broken row or a closing database must not crash the stack; the next notify retries.
          return;
        }
      } while (again && !closed);
    })().finally(() => {
      running = null;
    });
    return running;
  }

  const started = (async () => {
    try {
      unlisten = await ctx.db.listen('email_outbox', () => void kick());
      if (closed && unlisten) {
        await unlisten();
        unlisten = null;
      }
    } catch {
      unlisten = null;
    }
    await kick();
  })();

  return {
    async close() {
      closed = true;
      // Closing: a start or run that failed has been reported already, and must not stop the close.
      await started.catch(() => undefined);
      if (running) await running.catch(() => undefined);
      if (unlisten) await unlisten().catch(() => undefined);
      unlisten = null;
    },
  };
}
