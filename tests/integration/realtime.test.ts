// Realtime postgres_changes through the real supabase-js client (realtime-js over ws).
import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js';
import { afterEach, describe, expect, it } from 'vitest';
import { anonClient, createUser, serviceClient, uniqueEmail, userClient } from './helpers';

type Change = { eventType: string; new: Record<string, unknown>; old: Record<string, unknown>; table: string };

const open: { client: SupabaseClient; channel: RealtimeChannel }[] = [];
afterEach(async () => {
  for (const { client, channel } of open.splice(0)) await client.removeChannel(channel);
});

function subscribe(
  client: SupabaseClient,
  name: string,
  opts: { event: '*' | 'INSERT' | 'UPDATE' | 'DELETE'; table: string; filter?: string },
): Promise<Change[]> {
  const got: Change[] = [];
  return new Promise((resolve, reject) => {
    const channel = client
      .channel(name)
      .on('postgres_changes' as never, { schema: 'public', ...opts }, (p: Change) => got.push(p))
      .subscribe((status, err) => {
        if (status === 'SUBSCRIBED') resolve(got);
        else if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT') reject(err ?? new Error(status));
      });
    open.push({ client, channel });
  });
}

async function waitFor(pred: () => boolean, ms = 1000): Promise<number> {
  const start = Date.now();
  while (!pred()) {
    if (Date.now() - start > ms) throw new Error(`condition not met within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 10));
  }
  return Date.now() - start;
}

async function notify(userId: string, title: string): Promise<string> {
  const { data, error } = await serviceClient()
    .from('notifications')
    .insert({ user_id: userId, title, message: 'Price dropped', data: { car_url: 'https://example.com/x' } })
    .select('id')
    .single();
  if (error) throw new Error(error.message);
  return data.id as string;
}

describe('realtime postgres_changes', () => {
  it('delivers a user their own filtered inserts within 1 s and never another user’s', async () => {
    const a = await createUser(uniqueEmail('rt-a'));
    const b = await createUser(uniqueEmail('rt-b'));
    const ca = await userClient(a.email);
    const got = await subscribe(ca, 'notif-a', {
      event: 'INSERT',
      table: 'notifications',
      filter: `user_id=eq.${a.id}`,
    });

    await notify(b.id, 'for B');
    const id = await notify(a.id, 'for A');
    const took = await waitFor(() => got.length >= 1);
    expect(took).toBeLessThan(1000);
    await new Promise((r) => setTimeout(r, 300));
    expect(got.map((g) => g.new.title)).toEqual(['for A']);
    const ev = got[0];
    expect(ev.eventType).toBe('INSERT');
    expect(ev.table).toBe('notifications');
    expect(ev.new).toMatchObject({ id, user_id: a.id, dismissed_at: null, data: { car_url: 'https://example.com/x' } });
  });

  it('an unfiltered subscriber only receives rows RLS lets them see', async () => {
    const a = await createUser(uniqueEmail('rt-rls-a'));
    const b = await createUser(uniqueEmail('rt-rls-b'));
    const got = await subscribe(await userClient(a.email), 'all-a', { event: '*', table: 'notifications' });
    const anonGot = await subscribe(anonClient(), 'all-anon', { event: '*', table: 'notifications' });
    await notify(b.id, 'secret for B');
    await notify(a.id, 'mine');
    await waitFor(() => got.length >= 1);
    await new Promise((r) => setTimeout(r, 300));
    expect(got.map((g) => g.new.title)).toEqual(['mine']);
    expect(anonGot).toEqual([]);
  });

  it('sends UPDATE and DELETE events (deletes carry the old keys and reach only the owner)', async () => {
    const a = await createUser(uniqueEmail('rt-upd-a'));
    const b = await createUser(uniqueEmail('rt-upd-b'));
    const ca = await userClient(a.email);
    const got = await subscribe(ca, 'upd-a', { event: '*', table: 'notifications', filter: `user_id=eq.${a.id}` });
    const bGot = await subscribe(await userClient(b.email), 'upd-b', { event: 'DELETE', table: 'notifications' });
    const id = await notify(a.id, 'to be read');
    await waitFor(() => got.length >= 1);

    const dismissed = new Date().toISOString();
    const upd = await ca.from('notifications').update({ dismissed_at: dismissed }).eq('id', id);
    expect(upd.error).toBeNull();
    await waitFor(() => got.length >= 2);
    expect(got[1].eventType).toBe('UPDATE');
    expect(got[1].new.dismissed_at).not.toBeNull();
    expect(got[1].old).toMatchObject({ id });

    const del = await ca.from('notifications').delete().eq('id', id);
    expect(del.error).toBeNull();
    await waitFor(() => got.length >= 3);
    expect(got[2].eventType).toBe('DELETE');
    expect(got[2].old).toMatchObject({ id, user_id: a.id });
    expect(got[2].old).not.toHaveProperty('title'); // keys only
    await new Promise((r) => setTimeout(r, 300));
    expect(bGot).toEqual([]);
  });

  it('keeps working after realtime.setAuth with a refreshed token', async () => {
    const a = await createUser(uniqueEmail('rt-auth'));
    const ca = await userClient(a.email);
    const got = await subscribe(ca, 'auth-a', {
      event: 'INSERT',
      table: 'notifications',
      filter: `user_id=eq.${a.id}`,
    });
    const { data, error } = await ca.auth.refreshSession();
    expect(error).toBeNull();
    await ca.realtime.setAuth(data.session!.access_token);
    await new Promise((r) => setTimeout(r, 200));
    await notify(a.id, 'after refresh');
    await waitFor(() => got.length >= 1);
    expect(got[0].new.title).toBe('after refresh');
  });

  it('an invalid access token closes the channel', async () => {
    const a = await createUser(uniqueEmail('rt-bad'));
    const ca = await userClient(a.email);
    const statuses: string[] = [];
    await new Promise<void>((resolve) => {
      const channel = ca
        .channel('bad-token')
        .on('postgres_changes' as never, { event: '*', schema: 'public', table: 'notifications' }, () => undefined)
        .subscribe((status) => {
          statuses.push(status);
          if (status === 'SUBSCRIBED') resolve();
        });
      open.push({ client: ca, channel });
    });
    await ca.realtime.setAuth('forged.token.value');
    await waitFor(() => statuses.includes('CLOSED') || statuses.includes('CHANNEL_ERROR'), 2000);
  });

  it('rejects a join with an unknown table', async () => {
    const ca = anonClient();
    await expect(subscribe(ca, 'nope', { event: '*', table: 'no_such_table' })).rejects.toBeTruthy();
  });
});

describe('realtime broadcast and presence', () => {
  it('relays broadcasts to other subscribers (and self when asked)', async () => {
    const c1 = anonClient();
    const c2 = anonClient();
    const got1: unknown[] = [];
    const got2: unknown[] = [];
    const join = (c: SupabaseClient, got: unknown[], self: boolean) =>
      new Promise<RealtimeChannel>((resolve) => {
        const ch = c
          .channel('room-1', { config: { broadcast: { self, ack: true } } })
          .on('broadcast', { event: 'ping' }, (p) => got.push(p.payload))
          .subscribe((s) => s === 'SUBSCRIBED' && resolve(ch));
        open.push({ client: c, channel: ch });
      });
    const ch1 = await join(c1, got1, true);
    await join(c2, got2, false);
    expect(await ch1.send({ type: 'broadcast', event: 'ping', payload: { n: 1 } })).toBe('ok');
    await waitFor(() => got1.length >= 1 && got2.length >= 1);
    expect(got2).toEqual([{ n: 1 }]);
    expect(got1).toEqual([{ n: 1 }]);
  });

  it('syncs presence between two clients', async () => {
    const c1 = anonClient();
    const c2 = anonClient();
    const ch1 = c1.channel('lobby', { config: { presence: { key: 'one' } } });
    const ch2 = c2.channel('lobby', { config: { presence: { key: 'two' } } });
    open.push({ client: c1, channel: ch1 }, { client: c2, channel: ch2 });
    ch1.on('presence', { event: 'sync' }, () => undefined);
    ch2.on('presence', { event: 'sync' }, () => undefined);
    await new Promise<void>((r) => ch1.subscribe((s) => s === 'SUBSCRIBED' && r()));
    await new Promise<void>((r) => ch2.subscribe((s) => s === 'SUBSCRIBED' && r()));
    expect(await ch1.track({ status: 'online' })).toBe('ok');
    await ch2.track({ status: 'away' });
    await waitFor(() => Object.keys(ch1.presenceState()).length === 2 && Object.keys(ch2.presenceState()).length === 2);
    expect(ch2.presenceState().one[0]).toMatchObject({ status: 'online' });
  });
});
