// Realtime over the Phoenix websocket protocol realtime-js speaks (/realtime/v1/websocket):
// channels with postgres_changes (fed by the local_realtime triggers, filtered per subscriber through
// RLS), broadcast and presence. See SUPABASE_COMPAT.md §3.
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { createHash, randomUUID } from 'node:crypto';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import type { JwtClaims, StackContext } from '../types';
import {
  AddressSlots,
  MAX_MESSAGE_BYTES,
  MAX_QUEUED_BYTES,
  TOKEN_TOO_LARGE,
  presenceProblem,
  realtimeLimitsFromEnv,
  refuseUpgrade,
  tokenTooLarge,
  type RealtimeLimits,
} from './admission';
import { ChangeReader, parseNotice, type ChangeNotice } from './changes';
import { matchesFilter, parseFilter, type RowFilter } from './filters';
import { decodeBinary, decodeText, encodeBinaryBroadcast, encodeText, type PhxMessage, type Vsn } from './protocol';
import { SESSION_ENDED, SessionWatch } from './session-watch';

const PATH = '/realtime/v1/websocket';
/** Supabase Realtime's default max_channels_per_client. */
export const MAX_CHANNELS_PER_SOCKET = 100;
const NOTIFY_CHANNEL = 'local_realtime';
type ChangeEvent = '*' | 'INSERT' | 'UPDATE' | 'DELETE';

interface Listener {
  id: number;
  event: ChangeEvent;
  schema: string;
  table: string;
  filter: RowFilter | null;
}

interface Channel {
  conn: Connection;
  topic: string;
  joinRef: string | null;
  claims: JwtClaims;
  /** A digest of the claims: RLS depends on nothing else, so channels with equal keys see the same rows. */
  claimsKey: string;
  listeners: Listener[];
  broadcastSelf: boolean;
  presenceKey: string;
  presenceEnabled: boolean;
}

/** Channels interested in one change that share claims (so one RLS answer), with their binding ids. */
interface ClaimsGroup {
  claims: JwtClaims;
  claimsKey: string;
  subscribers: { ch: Channel; ids: number[] }[];
}

interface Connection {
  ws: WebSocket;
  vsn: Vsn;
  apikey: string;
  channels: Map<string, Channel>;
}

interface PresenceMeta {
  phx_ref: string;
  [key: string]: unknown;
}

function obj(value: unknown): Record<string, unknown> {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/**
 * A postgres_changes binding's id, as Supabase Realtime gives it: a hash of the binding's params
 * (Realtime uses :erlang.phash2, range 0..2^27-1), so every socket subscribed with the same params gets
 * the same id and one encoded change frame serves them all. FNV-1a over the params with sorted keys.
 */
export function listenerId(params: Record<string, unknown>): number {
  const canonical = JSON.stringify(
    Object.keys(params)
      .sort()
      .map((k) => [k, params[k]]),
  );
  let h = 0x811c9dc5;
  for (let i = 0; i < canonical.length; i++) {
    h ^= canonical.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0) % 0x8000000;
}

/** RLS checks of one change in flight at once (many distinct users must not take the whole pool). */
const VISIBILITY_CONCURRENCY = 4;

async function mapLimit<T, R>(items: T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

function isExpired(claims: JwtClaims): boolean {
  return typeof claims.exp === 'number' && claims.exp * 1000 <= Date.now();
}

/** A digest rather than the claims' JSON: every channel keeps one, and claims carry the user's metadata. */
function claimsKeyOf(claims: JwtClaims): string {
  return createHash('sha256').update(JSON.stringify(claims)).digest('base64url');
}

export async function attachRealtime(
  server: Server,
  ctx: StackContext,
  limits: RealtimeLimits = realtimeLimitsFromEnv(),
): Promise<{ close(): Promise<void> }> {
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES });
  const slots = new AddressSlots(limits.maxSocketsPerAddress);
  const sessions = new SessionWatch(ctx.db);
  const reader = new ChangeReader(ctx.db);
  const topics = new Map<string, Set<Channel>>();
  const presence = new Map<string, Map<string, { channel: Channel; meta: PresenceMeta }>>();
  let closed = false;

  // ---------------------------------------------------------------- sending
  function send(conn: Connection, msg: Omit<PhxMessage, 'binaryPayload'>): void {
    if (conn.ws.readyState === conn.ws.OPEN) conn.ws.send(encodeText(conn.vsn, msg));
  }
  function reply(
    conn: Connection,
    msg: PhxMessage,
    status: 'ok' | 'error',
    response: Record<string, unknown> = {},
  ): void {
    send(conn, {
      joinRef: msg.joinRef,
      ref: msg.ref,
      topic: msg.topic,
      event: 'phx_reply',
      payload: { status, response },
    });
  }
  function push(ch: Channel, event: string, payload: Record<string, unknown>): void {
    send(ch.conn, { joinRef: ch.joinRef, ref: null, topic: ch.topic, event, payload });
  }

  // ---------------------------------------------------------------- presence
  function presenceDiff(topic: string, joins: Record<string, unknown>, leaves: Record<string, unknown>): void {
    for (const ch of topics.get(topic) ?? []) {
      if (ch.presenceEnabled) push(ch, 'presence_diff', { joins, leaves });
    }
  }
  function presenceState(topic: string): Record<string, { metas: PresenceMeta[] }> {
    const state: Record<string, { metas: PresenceMeta[] }> = {};
    for (const [, entry] of presence.get(topic) ?? []) {
      const key = entry.channel.presenceKey;
      (state[key] ??= { metas: [] }).metas.push(entry.meta);
    }
    return state;
  }
  function untrack(ch: Channel): void {
    const entries = presence.get(ch.topic);
    const mine = entries?.get(channelId(ch));
    if (!entries || !mine) return;
    entries.delete(channelId(ch));
    presenceDiff(ch.topic, {}, { [ch.presenceKey]: { metas: [mine.meta] } });
  }
  function track(ch: Channel, payload: Record<string, unknown>): void {
    const entries = presence.get(ch.topic) ?? new Map<string, { channel: Channel; meta: PresenceMeta }>();
    presence.set(ch.topic, entries);
    const previous = entries.get(channelId(ch));
    const meta: PresenceMeta = { ...payload, phx_ref: randomUUID().replace(/-/g, '').slice(0, 20) };
    if (previous) meta.phx_ref_prev = previous.meta.phx_ref;
    entries.set(channelId(ch), { channel: ch, meta });
    presenceDiff(
      ch.topic,
      { [ch.presenceKey]: { metas: [meta] } },
      previous ? { [ch.presenceKey]: { metas: [previous.meta] } } : {},
    );
  }
  const ids = new WeakMap<Channel, string>();
  function channelId(ch: Channel): string {
    let id = ids.get(ch);
    if (!id) {
      id = randomUUID();
      ids.set(ch, id);
    }
    return id;
  }

  // ---------------------------------------------------------------- channels
  function removeChannel(ch: Channel): void {
    untrack(ch);
    ch.conn.channels.delete(ch.topic);
    const set = topics.get(ch.topic);
    set?.delete(ch);
    if (set && set.size === 0) topics.delete(ch.topic);
  }

  /** Closes a channel whose token is no longer acceptable, the way Supabase Realtime does. */
  function expel(ch: Channel, message: string): void {
    push(ch, 'system', { extension: 'system', status: 'error', message, channel: ch.topic.replace(/^realtime:/, '') });
    push(ch, 'phx_close', {});
    removeChannel(ch);
  }

  async function verify(token: string): Promise<{ claims: JwtClaims } | { error: string }> {
    if (tokenTooLarge(token, limits)) return { error: TOKEN_TOO_LARGE };
    let claims: JwtClaims;
    try {
      claims = await ctx.verifyJwt(token);
    } catch (err) {
      return { error: err instanceof Error && /expired/i.test(err.message) ? 'Token has expired' : 'Invalid JWT' };
    }
    if (!['anon', 'authenticated', 'service_role'].includes(claims.role)) return { error: 'Invalid JWT role' };
    if (!(await sessions.alive(claims))) return { error: SESSION_ENDED };
    return { claims };
  }

  /** A session ended (sign-out, password change): the channels its tokens joined are closed. */
  function endSession(sessionId: string): void {
    for (const set of [...topics.values()]) {
      for (const ch of [...set]) if (ch.claims.session_id === sessionId) expel(ch, SESSION_ENDED);
    }
  }

  async function join(conn: Connection, msg: PhxMessage): Promise<void> {
    const payload = msg.payload;
    const config = obj(payload.config);
    const token = typeof payload.access_token === 'string' && payload.access_token ? payload.access_token : conn.apikey;
    const verified = await verify(token);
    if ('error' in verified) {
      reply(conn, msg, 'error', { reason: verified.error });
      return;
    }
    if (!conn.channels.has(msg.topic) && conn.channels.size >= MAX_CHANNELS_PER_SOCKET) {
      reply(conn, msg, 'error', { reason: 'Too many channels' });
      return;
    }
    const requested = Array.isArray(config.postgres_changes) ? config.postgres_changes : [];
    const listeners: Listener[] = [];
    const echoed: Record<string, unknown>[] = [];
    for (const raw of requested) {
      const spec = obj(raw);
      const event = String(spec.event ?? '*').toUpperCase();
      const schema = typeof spec.schema === 'string' ? spec.schema : 'public';
      const table = typeof spec.table === 'string' ? spec.table : '*';
      if (!['*', 'INSERT', 'UPDATE', 'DELETE'].includes(event)) {
        reply(conn, msg, 'error', { reason: `Unsupported postgres_changes event "${String(spec.event)}"` });
        return;
      }
      let filter: RowFilter | null = null;
      if (typeof spec.filter === 'string' && spec.filter !== '') {
        try {
          filter = parseFilter(spec.filter);
        } catch (err) {
          reply(conn, msg, 'error', { reason: err instanceof Error ? err.message : 'Invalid filter' });
          return;
        }
      }
      if (table !== '*' && schema !== '*' && !(await reader.tableExists(schema, table))) {
        reply(conn, msg, 'error', {
          reason: `Unable to subscribe to changes: table ${schema}.${table} does not exist`,
        });
        return;
      }
      const id = listenerId(spec);
      listeners.push({ id, event: event as ChangeEvent, schema, table, filter });
      echoed.push({ ...spec, id });
    }
    const existing = conn.channels.get(msg.topic);
    if (existing) removeChannel(existing);
    const broadcast = obj(config.broadcast);
    const presenceCfg = obj(config.presence);
    const ch: Channel = {
      conn,
      topic: msg.topic,
      joinRef: msg.joinRef ?? msg.ref,
      claims: verified.claims,
      claimsKey: claimsKeyOf(verified.claims),
      listeners,
      broadcastSelf: broadcast.self === true,
      presenceKey: typeof presenceCfg.key === 'string' && presenceCfg.key ? presenceCfg.key : randomUUID(),
      presenceEnabled: presenceCfg.enabled === true,
    };
    conn.channels.set(msg.topic, ch);
    const set = topics.get(msg.topic) ?? new Set<Channel>();
    set.add(ch);
    topics.set(msg.topic, set);
    reply(conn, msg, 'ok', { postgres_changes: echoed });
    if (listeners.length) {
      push(ch, 'system', {
        extension: 'postgres_changes',
        status: 'ok',
        message: 'Subscribed to PostgreSQL',
        channel: msg.topic.replace(/^realtime:/, ''),
      });
    }
    if (ch.presenceEnabled) push(ch, 'presence_state', presenceState(msg.topic));
  }

  /** False when a binary broadcast cannot be framed (a field over 255 bytes): nobody gets a torn frame. */
  function broadcast(from: Channel, msg: PhxMessage): boolean {
    const frame = msg.binaryPayload
      ? encodeBinaryBroadcast(from.topic, String(msg.payload.event ?? ''), msg.binaryPayload, msg.binaryMeta)
      : null;
    if (msg.binaryPayload && !frame) return false;
    for (const ch of topics.get(from.topic) ?? []) {
      if (ch === from && !from.broadcastSelf) continue;
      if (frame) {
        if (ch.conn.vsn === '2.0.0' && ch.conn.ws.readyState === ch.conn.ws.OPEN) ch.conn.ws.send(frame);
        continue;
      }
      push(ch, 'broadcast', msg.payload);
    }
    return true;
  }

  async function handle(conn: Connection, msg: PhxMessage): Promise<void> {
    if (msg.topic === 'phoenix') {
      if (msg.event === 'heartbeat') reply(conn, msg, 'ok');
      return;
    }
    if (msg.event === 'phx_join') return join(conn, msg);
    const ch = conn.channels.get(msg.topic);
    if (!ch) {
      if (msg.ref) reply(conn, msg, 'error', { reason: 'unmatched topic' });
      return;
    }
    switch (msg.event) {
      case 'phx_leave':
        removeChannel(ch);
        reply(conn, msg, 'ok');
        return;
      case 'access_token': {
        const token = msg.payload.access_token;
        if (typeof token !== 'string' || !token) return;
        const verified = await verify(token);
        if ('error' in verified) {
          expel(ch, verified.error);
          return;
        }
        ch.claims = verified.claims;
        ch.claimsKey = claimsKeyOf(verified.claims);
        if (msg.ref) reply(conn, msg, 'ok');
        return;
      }
      case 'broadcast': {
        const sent = broadcast(ch, msg);
        if (msg.ref) reply(conn, msg, sent ? 'ok' : 'error', sent ? {} : { reason: 'Binary broadcast field too long' });
        return;
      }
      case 'presence': {
        const kind = msg.payload.event;
        const meta = obj(msg.payload.payload);
        const refused = kind === 'track' ? presenceProblem(meta) : null;
        if (refused) {
          if (msg.ref) reply(conn, msg, 'error', { reason: refused });
          return;
        }
        if (kind === 'track') track(ch, meta);
        else if (kind === 'untrack') untrack(ch);
        if (msg.ref) reply(conn, msg, 'ok');
        return;
      }
      default:
        if (msg.ref) reply(conn, msg, 'error', { reason: `unknown event ${msg.event}` });
    }
  }

  // ---------------------------------------------------------------- database changes
  function listenerMatches(l: Listener, n: ChangeNotice, row: Record<string, unknown>): boolean {
    if (l.event !== '*' && l.event !== n.type) return false;
    if (l.schema !== '*' && l.schema !== n.schema) return false;
    if (l.table !== '*' && l.table !== n.table) return false;
    return l.filter ? matchesFilter(l.filter, row) : true;
  }

  const isLive = (ch: Channel) => ch.conn.channels.get(ch.topic) === ch && ch.conn.ws.readyState === ch.conn.ws.OPEN;

  /** Changes taken from the queue at once: their RLS checks are shared (see deliver). */
  const MAX_BATCH = 500;

  /** The channels interested in a change, grouped by claims, each with its matching binding ids. */
  function interested(n: ChangeNotice, match: Record<string, unknown>): ClaimsGroup[] {
    const byClaims = new Map<string, ClaimsGroup>();
    for (const set of topics.values()) {
      for (const ch of set) {
        let ids: number[] | null = null;
        for (const l of ch.listeners) {
          if (listenerMatches(l, n, match) && !ids?.includes(l.id)) (ids ??= []).push(l.id);
        }
        if (!ids) continue;
        if (isExpired(ch.claims)) {
          expel(ch, 'Token has expired');
          continue;
        }
        let group = byClaims.get(ch.claimsKey);
        if (!group) {
          group = { claims: ch.claims, claimsKey: ch.claimsKey, subscribers: [] };
          byClaims.set(ch.claimsKey, group);
        }
        group.subscribers.push({ ch, ids });
      }
    }
    return [...byClaims.values()];
  }

  /**
   * Changes, in commit order, to every subscriber allowed to see each. Visibility is decided per distinct
   * claims (RLS depends on nothing else; filters are matched in memory) and per table, for all the
   * batch's changes of that table in one query (a 200-op push's 100 tombstones: one check per
   * subscriber's claims, not 100), all at once; the frame is encoded once per distinct topic + join ref +
   * binding ids: a thousand anonymous sockets on the same binding cost one RLS check, one JSON encoding,
   * and then only their own socket writes.
   */
  async function deliver(notices: ChangeNotice[]): Promise<void> {
    const changes: { n: ChangeNotice; row: Record<string, unknown> | null; groups: ClaimsGroup[] }[] = [];
    for (const n of notices) {
      const row = n.type === 'DELETE' ? null : (n.record ?? (await reader.fetchRow(n.schema, n.table, n.id)));
      if (n.type !== 'DELETE' && !row) continue; // gone again before we looked
      const groups = interested(n, n.type === 'DELETE' ? (n.old ?? { id: n.id }) : (row as Record<string, unknown>));
      if (groups.length) changes.push({ n, row, groups });
    }
    if (!changes.length) return;
    // One check per claims, table and kind (a row, or a deletion's tombstone) for the whole batch.
    const checks = new Map<string, { claims: JwtClaims; n: ChangeNotice; ids: Set<string> }>();
    const checkKey = (g: ClaimsGroup, n: ChangeNotice) =>
      JSON.stringify([g.claimsKey, n.type === 'DELETE', n.schema, n.table]);
    for (const { n, groups } of changes) {
      for (const g of groups) {
        const key = checkKey(g, n);
        const check = checks.get(key) ?? { claims: g.claims, n, ids: new Set<string>() };
        check.ids.add(n.id);
        checks.set(key, check);
      }
    }
    const keys = [...checks.keys()];
    const answers = await mapLimit(keys, VISIBILITY_CONCURRENCY, (key) => {
      const { claims, n, ids } = checks.get(key)!;
      return n.type === 'DELETE'
        ? reader.deletionsVisibleTo(claims, n.schema, n.table, [...ids])
        : reader.visibleIds(claims, n.schema, n.table, [...ids]);
    });
    const visible = new Map(keys.map((key, i) => [key, answers[i]]));
    for (const { n, row, groups } of changes) {
      const columns = await reader.columnsOf(n.schema, n.table);
      const data: Record<string, unknown> = {
        schema: n.schema,
        table: n.table,
        commit_timestamp: n.ts,
        type: n.type,
        columns,
        errors: null,
      };
      if (row) data.record = row;
      if (n.type !== 'INSERT') data.old_record = n.old ?? { id: n.id };
      const dataJson = JSON.stringify(data);
      const frames = new Map<string, Buffer>();
      for (const group of groups) {
        if (!visible.get(checkKey(group, n))?.has(n.id)) continue;
        for (const { ch, ids } of group.subscribers) {
          if (!isLive(ch)) continue; // left, rejoined or closed while RLS was asked
          const key = JSON.stringify([ch.conn.vsn, ch.joinRef, ch.topic, ids]);
          let frame = frames.get(key);
          if (!frame) {
            frame = Buffer.from(encodeChange(ch, ids, dataJson), 'utf8');
            frames.set(key, frame);
          }
          ch.conn.ws.send(frame, { binary: false });
        }
      }
    }
  }

  /** The postgres_changes frame around the change's data, serialised once per change. */
  function encodeChange(ch: Channel, ids: number[], dataJson: string): string {
    const payload = `{"ids":${JSON.stringify(ids)},"data":${dataJson}}`;
    const topic = JSON.stringify(ch.topic);
    const joinRef = JSON.stringify(ch.joinRef);
    if (ch.conn.vsn === '2.0.0') return `[${joinRef},null,${topic},"postgres_changes",${payload}]`;
    return `{"topic":${topic},"event":"postgres_changes","payload":${payload},"ref":null,"join_ref":${joinRef}}`;
  }

  // Notifications are delivered in batches, one batch at a time, so subscribers see changes in commit
  // order: those that arrive together (one transaction's) or while a batch is out share its RLS checks.
  const pending: ChangeNotice[] = [];
  let queue: Promise<void> | null = null;
  const drain = async (): Promise<void> => {
    await null; // the rest of this tick's notifications join the first batch
    while (pending.length && !closed)
      await deliver(pending.splice(0, MAX_BATCH)).catch((err: unknown) =>
        // Clients catch up by pulling after a gap; the stack's log says why this batch was not pushed.
        console.warn(`realtime: a batch of changes was not delivered: ${err instanceof Error ? err.message : err}`),
      );
    queue = null;
  };
  const unlisten = await ctx.db.listen(NOTIFY_CHANNEL, (payload) => {
    const notice = parseNotice(payload);
    if (!notice || closed || topics.size === 0) return;
    pending.push(notice);
    queue ??= drain();
  });
  const unlistenSessions = await sessions.listen(endSession);

  // ---------------------------------------------------------------- sockets
  wss.on('connection', (ws: WebSocket, _req: IncomingMessage, apikey: string, vsn: Vsn) => {
    const conn: Connection = { ws, vsn, apikey, channels: new Map() };
    let inbox: Promise<void> = Promise.resolve();
    let queuedBytes = 0;
    ws.on('message', (data: RawData, isBinary: boolean) => {
      const buf = Buffer.isBuffer(data) ? data : Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data);
      if (queuedBytes + buf.length > MAX_QUEUED_BYTES) {
        ws.close(1008, 'Too many messages waiting');
        return;
      }
      const msg = isBinary ? decodeBinary(new Uint8Array(buf)) : decodeText(buf.toString('utf8'));
      if (!msg) return;
      // Keep per-socket order (join before the pushes that follow it).
      queuedBytes += buf.length;
      inbox = inbox
        .then(() => handle(conn, msg))
        // One bad message must not stop the socket's later ones; the stack's log keeps what went wrong.
        .catch((err: unknown) =>
          console.warn(`realtime: a ${msg.event} message failed: ${err instanceof Error ? err.message : err}`),
        )
        .finally(() => (queuedBytes -= buf.length));
    });
    ws.on('close', () => {
      for (const ch of [...conn.channels.values()]) removeChannel(ch);
    });
    ws.on('error', () => ws.terminate());
  });

  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname !== PATH && url.pathname !== `${PATH}/`) return;
    const apikey = url.searchParams.get('apikey') ?? (req.headers.apikey as string | undefined) ?? '';
    const vsn: Vsn = url.searchParams.get('vsn') === '2.0.0' ? '2.0.0' : '1.0.0';
    if (!slots.claim(slots.addressOf(req), socket)) {
      refuseUpgrade(socket, 429, 'Too many connections from this address');
      return;
    }
    void verify(apikey).then((result) => {
      if ('error' in result) {
        refuseUpgrade(socket, 403, result.error === TOKEN_TOO_LARGE ? TOKEN_TOO_LARGE : 'Invalid API key');
        return;
      }
      wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, req, apikey, vsn));
    });
  };
  server.on('upgrade', onUpgrade);

  return {
    async close() {
      closed = true;
      server.off('upgrade', onUpgrade);
      for (const ws of wss.clients) ws.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      // Closing: a delivery or unlisten failing now has no one left to tell, and must not stop the close.
      await queue?.catch(() => undefined);
      await unlisten().catch(() => undefined);
      await unlistenSessions().catch(() => undefined);
    },
  };
}
