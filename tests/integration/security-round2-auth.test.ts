// Issue 31 holes 4 and 6 (auth and Realtime). Hole 4: a password change or reset ends the user's
// other sessions (their refresh tokens, access tokens at /auth/v1/user, and Realtime channels), as
// GoTrue does. Hole 6: user metadata is capped (it rides in every token), and Realtime caps the token
// a join carries, a message's size, and the sockets one address holds (own stack with a low cap).
import { SignJWT } from 'jose';
import type { SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startDedicatedStack, type DedicatedStack } from './dedicated-stack';
import { loopbackAddress, requestFrom } from './from-address';
import { DEFAULT_PASSWORD, anonClient, createUser, serviceClient, stack, uniqueEmail, userClient } from './helpers';

const NEW_PASSWORD = 'Brand-New!Clutch42';
const SESSION_ENDED = 'Session from session_id claim in JWT does not exist';
type Mail = { subject: string; text: string; template?: string };

async function recoveryMail(email: string, ms = 5000): Promise<Mail> {
  const deadline = Date.now() + ms;
  for (;;) {
    const res = await fetch(`${stack().url}/mailbox/v1/messages?to=${encodeURIComponent(email)}`, {
      headers: { apikey: stack().serviceRoleKey, authorization: `Bearer ${stack().serviceRoleKey}` },
    });
    const mail = ((await res.json()) as Mail[]).find((m) => m.template === 'password_recovery');
    if (mail) return mail;
    if (Date.now() > deadline) throw new Error(`no recovery mail for ${email}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
const codeOf = (mail: Mail) => /code: (\d{6})/.exec(mail.text)![1];

async function tokensOf(c: SupabaseClient): Promise<{ access: string; refresh: string }> {
  const { data } = await c.auth.getSession();
  return { access: data.session!.access_token, refresh: data.session!.refresh_token };
}

function refresh(refreshToken: string): Promise<Response> {
  return fetch(`${stack().url}/auth/v1/token?grant_type=refresh_token`, {
    method: 'POST',
    headers: { apikey: stack().anonKey, 'content-type': 'application/json' },
    body: JSON.stringify({ refresh_token: refreshToken }),
  });
}

function getUser(accessToken: string): Promise<Response> {
  return fetch(`${stack().url}/auth/v1/user`, {
    headers: { apikey: stack().anonKey, authorization: `Bearer ${accessToken}` },
  });
}

/** The other session is over: its refresh token and its access token are both refused, GoTrue's way. */
async function expectEnded(tokens: { access: string; refresh: string }): Promise<void> {
  const refreshed = await refresh(tokens.refresh);
  expect(refreshed.status).toBe(400);
  expect(await refreshed.json()).toMatchObject({ code: 'refresh_token_not_found' });
  const user = await getUser(tokens.access);
  expect(user.status).toBe(403);
  expect(await user.json()).toMatchObject({ code: 'session_not_found' });
}

/** The session is alive: /user answers and its refresh token rotates. */
async function expectAlive(tokens: { access: string; refresh: string }): Promise<void> {
  expect((await getUser(tokens.access)).status).toBe(200);
  expect((await refresh(tokens.refresh)).status).toBe(200);
}

interface Frame {
  ref: string | null;
  topic: string;
  event: string;
  payload: Record<string, unknown>;
}

/** A raw vsn 2.0.0 Realtime socket. */
class RawSocket {
  readonly frames: Frame[] = [];
  closeCode: number | null = null;
  private ref = 0;
  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data: Buffer) => {
      const [, ref, topic, event, payload] = JSON.parse(data.toString('utf8')) as [
        unknown,
        string | null,
        string,
        string,
        Frame['payload'],
      ];
      this.frames.push({ ref, topic, event, payload });
    });
    ws.on('close', (code) => (this.closeCode = code));
  }

  static async open(url: string, key: string, localAddress?: string): Promise<RawSocket> {
    const ws = new WebSocket(`${url.replace(/^http/, 'ws')}/realtime/v1/websocket?apikey=${key}&vsn=2.0.0`, {
      localAddress,
    });
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    return new RawSocket(ws);
  }

  send(topic: string, event: string, payload: Record<string, unknown>): string {
    const ref = String(++this.ref);
    this.ws.send(JSON.stringify([ref, ref, topic, event, payload]));
    return ref;
  }

  async join(
    topic: string,
    accessToken: string,
    config: Record<string, unknown> = {},
  ): Promise<{ status: string; response: Record<string, unknown> }> {
    const ref = this.send(topic, 'phx_join', { config, access_token: accessToken });
    const reply = await waitFor(() => this.frames.find((f) => f.ref === ref && f.event === 'phx_reply'));
    return reply.payload as { status: string; response: Record<string, unknown> };
  }
}

async function waitFor<T>(probe: () => T | undefined | false | null, ms = 5000): Promise<T> {
  const start = Date.now();
  for (;;) {
    const v = probe();
    if (v) return v;
    if (Date.now() - start > ms) throw new Error(`condition not met within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

const sockets: RawSocket[] = [];
afterEach(() => {
  for (const s of sockets.splice(0)) s.ws.terminate();
});

describe('issue 31 hole 4: a password change or reset ends every other session', () => {
  it('updateUser({password}) keeps the changing session; the other one is refused at refresh and at /user', async () => {
    const { email } = await createUser(uniqueEmail('pw-change'));
    const changer = await userClient(email);
    const other = await tokensOf(await userClient(email)); // e.g. a copy a thief took
    expect((await getUser(other.access)).status).toBe(200);
    expect((await changer.auth.updateUser({ password: NEW_PASSWORD })).error).toBeNull();
    await expectEnded(other);
    await expectAlive(await tokensOf(changer));
    expect((await changer.auth.getUser()).error).toBeNull();
  });

  it('a reset (recovery code, then a new password) keeps the recovery session and ends the one signed in before', async () => {
    const { email } = await createUser(uniqueEmail('pw-reset'));
    const before = await tokensOf(await userClient(email));
    expect((await anonClient().auth.resetPasswordForEmail(email)).error).toBeNull();
    const recovering = anonClient();
    const verified = await recovering.auth.verifyOtp({
      email,
      token: codeOf(await recoveryMail(email)),
      type: 'recovery',
    });
    expect(verified.error).toBeNull();
    expect((await recovering.auth.updateUser({ password: NEW_PASSWORD })).error).toBeNull();
    await expectEnded(before);
    await expectAlive(await tokensOf(recovering));
    expect((await anonClient().auth.signInWithPassword({ email, password: NEW_PASSWORD })).error).toBeNull();
  });

  it('a reset through the e-mailed link keeps the link’s session and ends the others', async () => {
    const { email } = await createUser(uniqueEmail('pw-link'));
    const before = await tokensOf(await userClient(email));
    await anonClient().auth.resetPasswordForEmail(email);
    const link = /(https?:\/\/\S+\/auth\/v1\/verify\?\S+)/.exec((await recoveryMail(email)).text)![1];
    const fragment = new URLSearchParams(
      new URL((await fetch(link, { redirect: 'manual' })).headers.get('location')!).hash.slice(1),
    );
    const recovering = anonClient();
    const set = await recovering.auth.setSession({
      access_token: fragment.get('access_token')!,
      refresh_token: fragment.get('refresh_token')!,
    });
    expect(set.error).toBeNull();
    expect((await recovering.auth.updateUser({ password: NEW_PASSWORD })).error).toBeNull();
    await expectEnded(before);
    expect((await getUser(fragment.get('access_token')!)).status).toBe(200);
  });

  it('a recovery code mailed before a password change is burnt by it', async () => {
    const { email } = await createUser(uniqueEmail('pw-burn'));
    const owner = await userClient(email);
    await anonClient().auth.resetPasswordForEmail(email);
    const code = codeOf(await recoveryMail(email));
    expect((await owner.auth.updateUser({ password: NEW_PASSWORD })).error).toBeNull();
    const late = await anonClient().auth.verifyOtp({ email, token: code, type: 'recovery' });
    expect(late.error?.code).toBe('otp_expired');
  });

  it('the admin API’s password change ends every session of the user', async () => {
    const { id, email } = await createUser(uniqueEmail('pw-admin'));
    const signedIn = await tokensOf(await userClient(email));
    const upd = await serviceClient().auth.admin.updateUserById(id, { password: NEW_PASSWORD });
    expect(upd.error).toBeNull();
    await expectEnded(signedIn);
  });

  it('Realtime closes the ended session’s channels and refuses its token afterwards', async () => {
    const { email } = await createUser(uniqueEmail('pw-rt'));
    const changer = await userClient(email);
    const other = await tokensOf(await userClient(email));
    const s = await RawSocket.open(stack().url, stack().anonKey);
    sockets.push(s);
    expect((await s.join('realtime:pw-rt', other.access)).status).toBe('ok');
    expect((await changer.auth.updateUser({ password: NEW_PASSWORD })).error).toBeNull();
    const system = await waitFor(() => s.frames.find((f) => f.topic === 'realtime:pw-rt' && f.event === 'system'));
    expect(system.payload).toMatchObject({ status: 'error', message: SESSION_ENDED });
    await waitFor(() => s.frames.find((f) => f.topic === 'realtime:pw-rt' && f.event === 'phx_close'));
    expect(await s.join('realtime:pw-rt-again', other.access)).toEqual({
      status: 'error',
      response: { reason: SESSION_ENDED },
    });
    expect((await s.join('realtime:pw-rt-changer', (await tokensOf(changer)).access)).status).toBe('ok');
  });
});

/** PUT /auth/v1/user as `token`. */
function putUser(token: string, body: unknown): Promise<Response> {
  return fetch(`${stack().url}/auth/v1/user`, {
    method: 'PUT',
    headers: { apikey: stack().anonKey, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

/** A token the stack would have issued to an account with `kib` KiB of metadata. */
function bloatedToken(kib: number): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({
    role: 'authenticated',
    sub: crypto.randomUUID(),
    user_metadata: { blob: 'x'.repeat(kib * 1024) },
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt(now)
    .setExpirationTime(now + 600)
    .sign(new TextEncoder().encode(stack().jwtSecret));
}

describe('issue 31 hole 6: metadata, Realtime tokens, messages and sockets are bounded', () => {
  it('PUT /user with 600 KB of data answers validation_failed and changes nothing; a small update still works', async () => {
    const { email } = await createUser(uniqueEmail('meta'));
    const { access } = await tokensOf(await userClient(email));
    expect((await putUser(access, { data: { nickname: 'Sam' } })).status).toBe(200);
    const huge = await putUser(access, { data: { blob: 'x'.repeat(600 * 1024) } });
    expect(huge.status).toBe(400);
    expect(await huge.json()).toMatchObject({ code: 'validation_failed' });
    // Small updates cannot add up past the cap either.
    expect((await putUser(access, { data: { a: 'y'.repeat(5000) } })).status).toBe(200);
    const grown = await putUser(access, { data: { b: 'z'.repeat(5000) } });
    expect(grown.status).toBe(400);
    expect(await grown.json()).toMatchObject({ code: 'validation_failed' });
    const after = (await (await getUser(access)).json()) as { user_metadata: Record<string, unknown> };
    expect(after.user_metadata).toEqual({ nickname: 'Sam', a: 'y'.repeat(5000) });
    const small = await putUser(access, { data: { a: null, nickname: 'Sam B' } });
    expect(small.status).toBe(200);
    expect(((await small.json()) as { user_metadata: unknown }).user_metadata).toMatchObject({ nickname: 'Sam B' });
  });

  it('sign-up’s options.data and the admin API’s metadata are capped the same way', async () => {
    const from = loopbackAddress();
    const signUp = await requestFrom(from, `${stack().url}/auth/v1/signup`, {
      method: 'POST',
      headers: { apikey: stack().anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({
        email: uniqueEmail('meta-signup'),
        password: DEFAULT_PASSWORD,
        data: { blob: 'x'.repeat(600 * 1024) },
      }),
    });
    expect(signUp.status).toBe(400);
    expect(JSON.parse(signUp.text)).toMatchObject({ code: 'validation_failed' });
    const admin = serviceClient().auth.admin;
    const created = await admin.createUser({
      email: uniqueEmail('meta-admin'),
      user_metadata: { blob: 'x'.repeat(20_000) },
    });
    expect(created.error?.code).toBe('validation_failed');
    const { id } = await createUser(uniqueEmail('meta-admin2'));
    const app = await admin.updateUserById(id, { app_metadata: { blob: 'x'.repeat(20_000) } });
    expect(app.error?.code).toBe('validation_failed');
  });

  it('a Realtime join or token refresh with an oversize token is refused; an oversize message closes the socket', async () => {
    const s = await RawSocket.open(stack().url, stack().anonKey);
    sockets.push(s);
    expect(await s.join('realtime:big-token', await bloatedToken(20))).toEqual({
      status: 'error',
      response: { reason: 'Token is too large' },
    });
    expect((await s.join('realtime:small-token', await bloatedToken(1))).status).toBe('ok');
    s.send('realtime:small-token', 'access_token', { access_token: await bloatedToken(20) });
    const expelled = await waitFor(() =>
      s.frames.find((f) => f.topic === 'realtime:small-token' && f.event === 'system'),
    );
    expect(expelled.payload).toMatchObject({ status: 'error', message: 'Token is too large' });

    const flood = await RawSocket.open(stack().url, stack().anonKey);
    sockets.push(flood);
    flood.send('realtime:huge', 'phx_join', { config: {}, access_token: await bloatedToken(600) });
    expect(await waitFor(() => flood.closeCode)).toBe(1009); // message too big
    expect(flood.frames.find((f) => f.event === 'phx_reply')).toBeUndefined();
  });

  it('a presence object over 10 keys or 4 KiB is refused and never reaches the channel', async () => {
    const s = await RawSocket.open(stack().url, stack().anonKey);
    sockets.push(s);
    const presence = { presence: { key: 'me', enabled: true } };
    expect((await s.join('realtime:presence-cap', stack().anonKey, presence)).status).toBe('ok');
    const track = async (payload: Record<string, unknown>) => {
      const ref = s.send('realtime:presence-cap', 'presence', { type: 'presence', event: 'track', payload });
      return (await waitFor(() => s.frames.find((f) => f.ref === ref && f.event === 'phx_reply'))).payload;
    };
    expect(await track({ blob: 'x'.repeat(20 * 1024) })).toMatchObject({ status: 'error' });
    const manyKeys = Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`k${i}`, i]));
    expect(await track(manyKeys)).toMatchObject({ status: 'error' });
    expect(await track({ status: 'online' })).toMatchObject({ status: 'ok' });
    const diff = await waitFor(() => s.frames.find((f) => f.event === 'presence_diff'));
    expect(diff.payload).toMatchObject({ joins: { me: { metas: [{ status: 'online' }] } }, leaves: {} });
    expect(s.frames.filter((f) => f.event === 'presence_diff')).toHaveLength(1);
  });

  describe('sockets per client address (own stack, REALTIME_MAX_SOCKETS_PER_IP=3)', () => {
    let own: DedicatedStack;
    beforeAll(async () => {
      own = await startDedicatedStack({ REALTIME_MAX_SOCKETS_PER_IP: '3' });
    });
    afterAll(async () => {
      for (const s of sockets.splice(0)) s.ws.terminate();
      await own?.dispose();
    });

    it('refuses the fourth socket from one address with 429, not another address’s, and frees a slot on close', async () => {
      const { url, anonKey } = own.running;
      const a = loopbackAddress();
      const held: RawSocket[] = [];
      for (let i = 0; i < 3; i++) held.push(await RawSocket.open(url, anonKey, a));
      sockets.push(...held);
      await expect(RawSocket.open(url, anonKey, a)).rejects.toThrow(/429/);
      sockets.push(await RawSocket.open(url, anonKey, loopbackAddress()));
      held[0].ws.close();
      await waitFor(() => held[0].closeCode !== null);
      const again = await retry(() => RawSocket.open(url, anonKey, a));
      sockets.push(again);
      expect((await again.join('realtime:after-close', anonKey)).status).toBe('ok');
    });
  });
});

/** The server sees the close a moment after the client: a few tries while the slot comes back. */
async function retry<T>(fn: () => Promise<T>, tries = 20): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await fn();
    } catch (err) {
      if (i >= tries) throw err;
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}
