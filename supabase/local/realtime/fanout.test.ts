// One change to many sockets: the RLS check runs once per distinct claims (not once per socket), and
// every socket of one binding gets the same bytes with the binding id its join reply gave it.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import WebSocket from 'ws';
import { afterEach, describe, expect, it } from 'vitest';
import type { Db, JwtClaims, QueryResult, StackContext } from '../types';
import { realtimeLimitsFromEnv } from './admission';
import { attachRealtime, listenerId } from './index';

const LISTING = '00000000-0000-4000-8000-000000000001';
const TOKENS: Record<string, JwtClaims> = {
  anon: { role: 'anon' },
  'user-a': { role: 'authenticated', sub: 'a' },
  'user-b': { role: 'authenticated', sub: 'b' },
};
const BINDING = { event: 'UPDATE', schema: 'public', table: 'vehicle_listings', filter: `id=eq.${LISTING}` };

const result = <Row>(rows: Row[]): QueryResult<Row> => ({ rows, affectedRows: 0, fields: [] });

/** A database stand-in: the listing is visible to the roles in `visibleTo`; counts RLS transactions. */
function fakeDb(visibleTo: (claims: JwtClaims) => boolean) {
  const checks: JwtClaims[] = [];
  let notify: (payload: string) => void = () => undefined;
  const db = {
    kind: 'pglite',
    async query<Row>(sql: string): Promise<QueryResult<Row>> {
      if (sql.includes('pg_attribute'))
        return result([
          { name: 'id', type: 'uuid' },
          { name: 'price', type: 'int4' },
        ] as Row[]);
      throw new Error(`unexpected query ${sql}`);
    },
    async exec() {},
    async transaction<T>(fn: (tx: Pick<Db, 'query' | 'exec'>) => Promise<T>): Promise<T> {
      let claims: JwtClaims | null = null;
      return fn({
        async query<Row>(sql: string, params: unknown[] = []): Promise<QueryResult<Row>> {
          if (sql.includes('set_config')) {
            claims = JSON.parse(String(params[1])) as JwtClaims;
            checks.push(claims);
            return result([] as Row[]);
          }
          const ids = JSON.parse(String(params[0])) as string[];
          return result((claims && visibleTo(claims) ? ids.map((id) => ({ id })) : []) as Row[]);
        },
        async exec() {},
      });
    },
    async listen(channel: string, onPayload: (payload: string) => void) {
      if (channel === 'local_realtime') notify = onPayload;
      return async () => undefined;
    },
    async close() {},
  } as unknown as Db;
  const change = (price: number, id = LISTING) =>
    notify(
      JSON.stringify({
        schema: 'public',
        table: 'vehicle_listings',
        type: 'UPDATE',
        id,
        old: { id },
        record: { id, price },
        ts: '2026-01-01T00:00:00.000Z',
      }),
    );
  return { db, checks, change };
}

interface Subscriber {
  ws: WebSocket;
  bindingId: number;
  frames: string[];
}

const servers: Server[] = [];
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
  for (const s of servers.splice(0)) await new Promise((r) => s.close(r));
});

async function start(visibleTo: (claims: JwtClaims) => boolean) {
  const fake = fakeDb(visibleTo);
  const server = createServer();
  servers.push(server);
  const ctx = {
    db: fake.db,
    async verifyJwt(token: string) {
      const claims = TOKENS[token];
      if (!claims) throw new Error('Invalid JWT');
      return claims;
    },
  } as unknown as StackContext;
  // Every subscriber here is one loopback client: the per-address socket cap is not under test.
  const realtime = await attachRealtime(server, ctx, { ...realtimeLimitsFromEnv(), maxSocketsPerAddress: 1000 });
  closers.push(() => realtime.close());
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}/realtime/v1/websocket`;

  async function subscribe(token: string): Promise<Subscriber> {
    const ws = new WebSocket(`${url}?apikey=${token}&vsn=2.0.0`);
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    const sub: Subscriber = { ws, bindingId: NaN, frames: [] };
    const joined = new Promise<void>((resolve) => {
      ws.on('message', (data: Buffer) => {
        const text = data.toString('utf8');
        const [, ref, , event, payload] = JSON.parse(text) as [
          unknown,
          unknown,
          string,
          string,
          Record<string, unknown>,
        ];
        if (event === 'phx_reply' && ref === '1') {
          const response = payload.response as { postgres_changes: { id: number }[] };
          sub.bindingId = response.postgres_changes[0].id;
          resolve();
        } else if (event === 'postgres_changes') sub.frames.push(text);
      });
    });
    ws.send(JSON.stringify(['1', '1', 'realtime:listing', 'phx_join', { config: { postgres_changes: [BINDING] } }]));
    await joined;
    return sub;
  }
  return { ...fake, subscribe };
}

async function until(done: () => boolean): Promise<void> {
  const deadline = Date.now() + 5000;
  while (!done()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 5));
  }
}
const settle = () => new Promise((r) => setTimeout(r, 100));

describe('realtime fan-out', () => {
  it('checks RLS once per change per distinct claims, however many sockets share them', async () => {
    const rt = await start(() => true);
    const subs = await Promise.all(Array.from({ length: 40 }, () => rt.subscribe('anon')));
    rt.change(1000);
    await until(() => subs.every((s) => s.frames.length === 1));
    expect(rt.checks).toEqual([{ role: 'anon' }]);

    subs.push(...(await Promise.all(Array.from({ length: 60 }, () => rt.subscribe('anon')))));
    subs.push(await rt.subscribe('user-a'));
    rt.checks.length = 0;
    rt.change(1001);
    await until(() => subs.every((s) => s.frames.length === (subs.indexOf(s) < 40 ? 2 : 1)));
    expect(rt.checks).toHaveLength(2);
    expect(rt.checks).toEqual(expect.arrayContaining([{ role: 'anon' }, { role: 'authenticated', sub: 'a' }]));
    for (const s of subs) s.ws.terminate();
  });

  it('gives every socket of one binding the same frame, with the id its join reply announced', async () => {
    const rt = await start(() => true);
    const subs = await Promise.all(Array.from({ length: 20 }, () => rt.subscribe('anon')));
    expect(new Set(subs.map((s) => s.bindingId))).toEqual(new Set([listenerId(BINDING)]));
    rt.change(2000);
    await until(() => subs.every((s) => s.frames.length === 1));
    expect(new Set(subs.map((s) => s.frames[0])).size).toBe(1);
    const [, , topic, , payload] = JSON.parse(subs[0].frames[0]) as [unknown, unknown, string, string, unknown];
    expect(topic).toBe('realtime:listing');
    expect(payload).toMatchObject({ ids: [listenerId(BINDING)], data: { type: 'UPDATE', record: { price: 2000 } } });
    for (const s of subs) s.ws.terminate();
  });

  it('still sends a private change only to the sockets whose claims RLS lets see it', async () => {
    const rt = await start((claims) => claims.sub === 'a');
    const anon = await Promise.all(Array.from({ length: 10 }, () => rt.subscribe('anon')));
    const a = await Promise.all(Array.from({ length: 5 }, () => rt.subscribe('user-a')));
    const b = await Promise.all(Array.from({ length: 5 }, () => rt.subscribe('user-b')));
    rt.change(3000);
    await until(() => a.every((s) => s.frames.length === 1));
    await settle();
    expect(anon.every((s) => s.frames.length === 0)).toBe(true);
    expect(b.every((s) => s.frames.length === 0)).toBe(true);
    expect(rt.checks).toHaveLength(3);
    for (const s of [...anon, ...a, ...b]) s.ws.terminate();
  });
});

describe('realtime bursts', () => {
  it('checks RLS once per distinct claims for changes that arrive together, and keeps their order', async () => {
    const rt = await start((claims) => claims.role === 'authenticated');
    const anon = await rt.subscribe('anon');
    const a = await rt.subscribe('user-a');
    const ANY = { ...BINDING, filter: undefined };
    // A binding without the id filter, so every change of the burst matches (a push's 100 tombstones, say).
    for (const s of [anon, a])
      s.ws.send(JSON.stringify(['2', '2', 'realtime:all', 'phx_join', { config: { postgres_changes: [ANY] } }]));
    await settle();
    rt.checks.length = 0;
    for (let i = 0; i < 100; i++) rt.change(5000 + i, `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
    await until(() => a.frames.length === 101); // the listing's own binding: just the first change
    await settle();
    expect(anon.frames).toHaveLength(0);
    expect(rt.checks).toHaveLength(2); // anon and user-a, once each for the 100 changes
    const prices = a.frames
      .map((f) => JSON.parse(f) as [unknown, unknown, string, string, { data: { record: { price: number } } }])
      .filter(([, , topic]) => topic === 'realtime:all')
      .map(([, , , , payload]) => payload.data.record.price);
    expect(prices).toEqual(Array.from({ length: 100 }, (_, i) => 5000 + i));
    for (const s of [anon, a]) s.ws.terminate();
  });
});

describe('listenerId', () => {
  it('is the same for the same params in any key order, different for another filter, within phash2 range', () => {
    const id = listenerId(BINDING);
    expect(listenerId({ filter: BINDING.filter, table: BINDING.table, schema: 'public', event: 'UPDATE' })).toBe(id);
    expect(listenerId({ ...BINDING, filter: 'id=eq.other' })).not.toBe(id);
    expect(id).toBeGreaterThanOrEqual(0);
    expect(id).toBeLessThan(2 ** 27);
  });
});
