// Issue 9 items 7 and 9 over the realtime websocket: the per-socket channel cap, binary broadcasts
// whose metadata re-encodes longer than its one-byte length, and DELETE events (and tombstones) of
// private rows reaching only those allowed to see the row.
import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js';
import Serializer from '@supabase/realtime-js/dist/module/lib/serializer.js';
import WebSocket from 'ws';
import { afterEach, describe, expect, it } from 'vitest';
import {
  anonClient,
  createUser,
  rest,
  seedCatalogueFixture,
  serviceClient,
  stack,
  uniqueEmail,
  userClient,
} from './helpers';

interface Frame {
  join_ref: string | null;
  ref: string | null;
  topic: string;
  event: string;
  payload: Record<string, unknown>;
}

/** A raw vsn 2.0.0 socket that decodes every frame with realtime-js's own serializer. */
class RawSocket {
  readonly frames: Frame[] = [];
  readonly errors: unknown[] = [];
  private ref = 0;
  private readonly serializer = new Serializer();
  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data: Buffer, isBinary: boolean) => {
      const raw = isBinary
        ? data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength)
        : data.toString('utf8');
      try {
        this.serializer.decode(raw as ArrayBuffer | string, (msg: Frame) => this.frames.push(msg));
      } catch (err) {
        this.errors.push(err);
      }
    });
  }

  static async open(key = stack().anonKey): Promise<RawSocket> {
    const url = `${stack().url.replace(/^http/, 'ws')}/realtime/v1/websocket?apikey=${key}&vsn=2.0.0`;
    const ws = new WebSocket(url);
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    return new RawSocket(ws);
  }

  send(topic: string, event: string, payload: Record<string, unknown>, joinRef: string | null = null): string {
    const ref = String(++this.ref);
    this.ws.send(JSON.stringify([joinRef ?? ref, ref, topic, event, payload]));
    return ref;
  }

  async reply(ref: string, ms = 3000): Promise<Frame> {
    const found = await waitFor(() => this.frames.find((f) => f.ref === ref && f.event === 'phx_reply'), ms);
    return found;
  }

  async join(topic: string): Promise<{ status: string; response: Record<string, unknown> }> {
    const ref = this.send(topic, 'phx_join', { config: { broadcast: { self: false }, presence: { key: '' } } });
    return (await this.reply(ref)).payload as { status: string; response: Record<string, unknown> };
  }

  close(): void {
    this.ws.terminate();
  }
}

async function waitFor<T>(probe: () => T | undefined | false, ms = 3000): Promise<T> {
  const start = Date.now();
  for (;;) {
    const v = probe();
    if (v) return v;
    if (Date.now() - start > ms) throw new Error(`condition not met within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

const sockets: RawSocket[] = [];
const channels: { client: SupabaseClient; channel: RealtimeChannel }[] = [];
afterEach(async () => {
  for (const s of sockets.splice(0)) s.close();
  for (const { client, channel } of channels.splice(0)) await client.removeChannel(channel);
});

describe('realtime channel cap', () => {
  it('refuses the 101st channel on one socket, like Supabase', async () => {
    const s = await RawSocket.open();
    sockets.push(s);
    const replies = [];
    for (let i = 0; i < 101; i++) replies.push(s.send(`realtime:cap-${i}`, 'phx_join', { config: {} }));
    const statuses = [];
    for (const ref of replies) statuses.push(((await s.reply(ref)).payload as { status: string }).status);
    expect(statuses.slice(0, 100).every((x) => x === 'ok')).toBe(true);
    const last = (await s.reply(replies[100])).payload as { status: string; response: { reason: string } };
    expect(last).toEqual({ status: 'error', response: { reason: 'Too many channels' } });
    // Rejoining a topic the socket already has is not a new channel.
    expect((await s.join('realtime:cap-3')).status).toBe('ok');
  });
});

/** A client kind-3 push: [3, joinRef, ref, topic, event, meta lengths, encoding 0] then the parts. */
function binaryPush(topic: string, event: string | Uint8Array, meta: string, payload: Uint8Array, ref: string): Buffer {
  const parts = ['1', ref, topic, event, meta].map((p) =>
    typeof p === 'string' ? Buffer.from(p, 'utf8') : Buffer.from(p),
  );
  return Buffer.concat([Buffer.from([3, ...parts.map((p) => p.length), 0]), ...parts, Buffer.from(payload)]);
}

describe('binary broadcast framing', () => {
  it('forwards metadata that would re-encode past 255 bytes intact, and subscribers keep decoding', async () => {
    const topic = `realtime:bin-${Date.now()}`;
    const sender = await RawSocket.open();
    const receiver = await RawSocket.open();
    sockets.push(sender, receiver);
    expect((await sender.join(topic)).status).toBe('ok');
    expect((await receiver.join(topic)).status).toBe('ok');

    // 45 numbers written as 1e30 re-serialise as 1e+30: 232 bytes on the wire, 277 after JSON round trip.
    const meta = `{"seq":[${Array.from({ length: 45 }, () => '1e30').join(',')}]}`;
    expect(meta.length).toBeLessThanOrEqual(255);
    expect(JSON.stringify(JSON.parse(meta)).length).toBeGreaterThan(255);
    const bytes = new Uint8Array([1, 2, 3, 250]);
    sender.ws.send(binaryPush(topic, 'blob', meta, bytes, '90'));
    const reply = await sender.reply('90');
    expect((reply.payload as { status: string }).status).toBe('ok');

    const got = await waitFor(() => receiver.frames.find((f) => f.event === 'broadcast'));
    expect(receiver.errors).toEqual([]);
    const data = got.payload as { event: string; payload: ArrayBuffer; meta: { seq: number[] } };
    expect(data.event).toBe('blob');
    expect([...new Uint8Array(data.payload)]).toEqual([1, 2, 3, 250]);
    expect(data.meta.seq).toHaveLength(45);

    sender.send(topic, 'broadcast', { type: 'broadcast', event: 'after', payload: { ok: true } }, '1');
    await waitFor(() => receiver.frames.find((f) => f.event === 'broadcast' && f.payload.event === 'after'));
    expect(receiver.errors).toEqual([]);
  });

  it('refuses a frame it cannot re-encode (an event name growing past 255 bytes): nobody gets a torn frame', async () => {
    const topic = `realtime:bin-refuse-${Date.now()}`;
    const sender = await RawSocket.open();
    const receiver = await RawSocket.open();
    sockets.push(sender, receiver);
    expect((await sender.join(topic)).status).toBe('ok');
    expect((await receiver.join(topic)).status).toBe('ok');

    // 200 bytes that are not UTF-8: the event name decodes to 200 U+FFFD, 600 bytes when framed again.
    sender.ws.send(binaryPush(topic, new Uint8Array(200).fill(0xff), '', new Uint8Array([1, 2, 3]), '91'));
    const reply = await sender.reply('91');
    expect(reply.payload).toEqual({ status: 'error', response: { reason: 'Binary broadcast field too long' } });

    // The channel still works: the next broadcast is the first (and only) one the receiver sees.
    sender.send(topic, 'broadcast', { type: 'broadcast', event: 'after', payload: { ok: true } }, '1');
    await waitFor(() => receiver.frames.find((f) => f.event === 'broadcast' && f.payload.event === 'after'));
    expect(receiver.frames.filter((f) => f.event === 'broadcast')).toHaveLength(1);
    expect(receiver.errors).toEqual([]);
  });
});

type Change = { eventType: string; old: Record<string, unknown>; table: string };

function subscribeDeletes(client: SupabaseClient, name: string, table: string): Promise<Change[]> {
  const got: Change[] = [];
  return new Promise((resolve, reject) => {
    const channel = client
      .channel(name)
      .on('postgres_changes' as never, { event: 'DELETE', schema: 'public', table }, (p: Change) => got.push(p))
      .subscribe((status, err) => {
        if (status === 'SUBSCRIBED') resolve(got);
        else if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT') reject(err ?? new Error(status));
      });
    channels.push({ client, channel });
  });
}

describe('DELETE events and tombstones of private rows', () => {
  it('reach the lead’s participants only when a listing’s deletion cascades to its messages', async () => {
    const fx = await seedCatalogueFixture();
    const svc = serviceClient();
    const buyer = await createUser(uniqueEmail('rt-buyer'));
    const stranger = await createUser(uniqueEmail('rt-stranger'));
    const listingId = fx.listings[0].id;
    const { data: lead, error: leadErr } = await svc
      .from('leads')
      .insert({
        user_id: buyer.id,
        vehicle_listing_id: listingId,
        dealer_id: fx.dealers.north,
        name: 'Buyer',
        email: buyer.email,
      })
      .select('id')
      .single();
    expect(leadErr).toBeNull();
    const { data: msg, error: msgErr } = await svc
      .from('lead_messages')
      .insert({ lead_id: lead!.id, sender_id: buyer.id, body: 'Is it still available?' })
      .select('id')
      .single();
    expect(msgErr).toBeNull();

    const buyerClient = await userClient(buyer.email);
    const strangerClient = await userClient(stranger.email);
    const toBuyer = await subscribeDeletes(buyerClient, 'del-buyer', 'lead_messages');
    const toStranger = await subscribeDeletes(strangerClient, 'del-stranger', 'lead_messages');
    const toAnon = await subscribeDeletes(anonClient(), 'del-anon', 'lead_messages');
    const listingsToAnon = await subscribeDeletes(anonClient(), 'del-anon-listings', 'vehicle_listings');

    const { error: delErr } = await svc.from('vehicle_listings').delete().eq('id', listingId);
    expect(delErr).toBeNull();

    await waitFor(() => toBuyer.some((c) => c.old.id === msg!.id));
    await waitFor(() => listingsToAnon.some((c) => c.old.id === listingId));
    await new Promise((r) => setTimeout(r, 300)); // later than the deliveries above, in commit order
    expect(toStranger).toEqual([]);
    expect(toAnon).toEqual([]);

    const tombstone = (token?: string) =>
      rest(
        `/deleted_rows?select=table_name,row_id&row_id=in.(${msg!.id},${lead!.id},${listingId})`,
        token ? { token } : {},
      );
    const tables = async (res: Response) =>
      ((await res.json()) as { table_name: string }[]).map((r) => r.table_name).sort();
    const token = async (c: SupabaseClient) => (await c.auth.getSession()).data.session!.access_token;
    expect(await tables(await tombstone())).toEqual(['vehicle_listings']);
    expect(await tables(await tombstone(await token(strangerClient)))).toEqual(['vehicle_listings']);
    expect(await tables(await tombstone(await token(buyerClient)))).toEqual([
      'lead_messages',
      'leads',
      'vehicle_listings',
    ]);
  });
});
