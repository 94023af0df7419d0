// The tech demo's sync log: what the leader reports (phase changes, pulls, errors, parked ops),
// turned into short lines. Unknown event types (the engine's events keep growing) are shown by
// their type rather than dropped.

export interface SyncLogEntry {
  id: number;
  at: number;
  kind: 'phase' | 'pulled' | 'error' | 'failed' | 'other';
  text: string;
}

/** Any engine event: only `type` is known for sure, the other fields are read with a type check. */
type AnyEvent = { readonly type: string };

const str = (e: AnyEvent, key: string) => {
  const v: unknown = Reflect.get(e, key);
  return typeof v === 'string' ? v : null;
};
const num = (e: AnyEvent, key: string) => {
  const v: unknown = Reflect.get(e, key);
  return typeof v === 'number' ? v : null;
};

/** One line for a sync event (never throws on an unexpected shape). */
export function describeSyncEvent<E extends AnyEvent>(event: E): Pick<SyncLogEntry, 'kind' | 'text'> {
  switch (event.type) {
    case 'pulled':
      return {
        kind: 'pulled',
        text: `Pulled ${num(event, 'count') ?? 0} row(s) into ${str(event, 'table') ?? 'a table'}`,
      };
    case 'sync-error': {
      const code = str(event, 'code');
      return { kind: 'error', text: `${str(event, 'message') ?? 'Sync error'}${code ? ` (code ${code})` : ''}` };
    }
    case 'sync-failed':
      return {
        kind: 'failed',
        text: `${num(event, 'count') ?? 0} change(s) need attention: ${str(event, 'message') ?? 'sync failed'}`,
      };
    default:
      return { kind: 'other', text: `Event: ${event.type}` };
  }
}

/** One line for a change of the engine's phase. */
export function describePhase(phase: string, online: boolean): string {
  if (!online || phase === 'offline') return 'Offline: writes queue on this device';
  switch (phase) {
    case 'pushing':
      return 'Uploading queued changes';
    case 'pulling':
      return 'Downloading changes from the server';
    case 'backoff':
      return 'Waiting 5 s before retrying';
    case 'signed-out':
      return 'Signed out: nothing to upload';
    case 'idle':
      return 'Idle: everything is in sync';
    default:
      return `Phase: ${phase}`;
  }
}
