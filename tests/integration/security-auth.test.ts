// Issue 9 (auth): the holes an attacker holding only the anon key could use, each shown closed.
// Shared stack: mailbox takeover, links in function mail. Own stacks: GoTrue's default limits with
// e-mail confirmations on (A), and a generated secret without a local inbox (B).
import { SignJWT } from 'jose';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_ANON_KEY, DEFAULT_JWT_SECRET } from '../../supabase/local/jwt';
import { resolveSecrets } from '../../supabase/local/secrets';
import type { RunningStack } from '../../supabase/local/types';
import { requestFrom, startDedicatedStack, type DedicatedStack } from './dedicated-stack';
import { anonClient, createUser, serviceClient, stack, uniqueEmail, userClient } from './helpers';

const PASSWORD = 'Gearbox!Tyre-Pressure9';
const SITE_ORIGIN = 'http://localhost:5173';
type Mail = { to: string; subject: string; text: string; template?: string };

const clientFor = (s: { url: string }, key: string): SupabaseClient =>
  createClient(s.url, key, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
  });

type StackKeys = { url: string; serviceRoleKey: string };

async function inbox(s: StackKeys, to: string, template: string, ms = 5000): Promise<Mail[]> {
  const deadline = Date.now() + ms;
  for (;;) {
    const res = await fetch(`${s.url}/mailbox/v1/messages?to=${encodeURIComponent(to)}`, {
      headers: { apikey: s.serviceRoleKey, authorization: `Bearer ${s.serviceRoleKey}` },
    });
    const mails = ((await res.json()) as Mail[]).filter((m) => m.template === template);
    if (mails.length || Date.now() > deadline) return mails;
    await new Promise((r) => setTimeout(r, 100));
  }
}

const codeOf = (mail: Mail) => /code: (\d{6})/.exec(mail.text)![1];
const linkOf = (mail: Mail) => /(https?:\/\/\S+\/auth\/v1\/verify\?\S+)/.exec(mail.text)![1];
const otherCode = (code: string, i: number) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0');
const keyHeaders = (key: string) => ({ apikey: key, authorization: `Bearer ${key}` });
const brands = (s: { url: string }, headers: Record<string, string>) =>
  fetch(`${s.url}/rest/v1/brands?select=id&limit=1`, { headers });

describe('mailbox (shared stack)', () => {
  it('the anon-key takeover path is refused: the inbox answers only to the service role', async () => {
    const admin = 'admin@example.com';
    const attacker = anonClient();
    expect((await attacker.auth.resetPasswordForEmail(admin)).error).toBeNull();
    const url = `${stack().url}/mailbox/v1/messages?to=${encodeURIComponent(admin)}`;
    const withAnon = await fetch(url, { headers: keyHeaders(stack().anonKey) });
    expect(withAnon.status).toBe(403);
    expect(await withAnon.json()).toMatchObject({ code: 'not_admin' });
    const apikeyOnly = await fetch(url, { headers: { apikey: stack().anonKey } });
    expect(apikeyOnly.status).toBe(403);
    const noKey = await fetch(url);
    expect(noKey.status).toBe(401);
    expect(await noKey.json()).toMatchObject({ code: 'no_authorization' });
    const user = await createUser(uniqueEmail('mb-user'));
    const { data } = await (await userClient(user.email)).auth.getSession();
    expect((await fetch(url, { headers: keyHeaders(data.session!.access_token) })).status).toBe(403);

    // The mail is there (for the service role only); without it the attacker's guesses fail.
    const [mail] = await inbox(stack(), admin, 'password_recovery');
    expect(mail).toBeDefined();
    const guess = await attacker.auth.verifyOtp({ email: admin, token: otherCode(codeOf(mail), 0), type: 'recovery' });
    expect(guess.error?.code).toBe('otp_expired');
    const owner = await anonClient().auth.signInWithPassword({ email: admin, password: 'Admin!Control2026' });
    expect(owner.error).toBeNull();
  });

  it('send-notification-email links only point at the site', async () => {
    const user = await createUser(uniqueEmail('fn-links'));
    const c = await userClient(user.email);
    const templateData = {
      car_name: 'Ford Puma',
      old_price: 24000,
      new_price: 22000,
      discount: 8.3,
      savings: 2000,
      car_url: 'https://evil.example/login',
      unsubscribe_url: '//evil.example/unsub',
    };
    const { error } = await c.functions.invoke('send-notification-email', {
      body: { userId: user.id, templateName: 'price_drop_alert', templateData, recipientEmail: user.email },
    });
    expect(error).toBeNull();
    const [mail] = await inbox(stack(), user.email, 'price_drop_alert');
    expect(mail.text).not.toContain('evil.example');
    expect(mail.text).toContain(`View the car: ${SITE_ORIGIN}`);
  });
});

describe('GoTrue limits and e-mail flows (own stack, default limits, confirmations on)', () => {
  let a: DedicatedStack;
  let s: RunningStack;
  const url = (p: string) => `${s.url}/auth/v1${p}`;
  const anon = () => clientFor(s, s.anonKey);
  const svc = () => clientFor(s, s.serviceRoleKey);
  const confirmedUser = async (prefix: string) => {
    const email = uniqueEmail(prefix);
    const { data, error } = await svc().auth.admin.createUser({ email, password: PASSWORD, email_confirm: true });
    if (error) throw error;
    return { id: data.user!.id, email };
  };
  const recover = (from: string, email: string) =>
    requestFrom(from, url('/recover'), { method: 'POST', headers: { apikey: s.anonKey }, body: { email } });
  const verify = (from: string, body: Record<string, unknown>) =>
    requestFrom(from, url('/verify'), { method: 'POST', headers: { apikey: s.anonKey }, body });

  beforeAll(async () => {
    a = await startDedicatedStack({
      AUTH_RATE_LIMIT_SIGNIN: undefined,
      AUTH_RATE_LIMIT_SIGNUP: '50',
      AUTH_RATE_LIMIT_VERIFY: undefined,
      AUTH_RATE_LIMIT_VERIFY_WINDOW_SECONDS: undefined,
      AUTH_OTP_MAX_ATTEMPTS: undefined,
      AUTH_EMAIL_MAX_FREQUENCY_SECONDS: undefined,
      AUTH_EMAIL_CONFIRMATIONS: 'on',
      SITE_URL: SITE_ORIGIN,
    });
    s = a.running;
  });
  afterAll(async () => a?.dispose());

  it('40 wrong codes reach 429 over_request_rate_limit, and the right code is dead afterwards', async () => {
    const { email } = await confirmedUser('verify-flood');
    expect((await recover('127.0.0.1', email)).status).toBe(200);
    const [mail] = await inbox(s, email, 'password_recovery');
    const code = codeOf(mail);
    const statuses: number[] = [];
    let limited: Record<string, unknown> | null = null;
    for (let i = 0; i < 40; i += 1) {
      const res = await verify('127.0.0.2', { type: 'recovery', email, token: otherCode(code, i) });
      statuses.push(res.status);
      if (res.status === 429) limited ??= res.json();
    }
    expect(statuses.slice(0, 5)).toEqual([403, 403, 403, 403, 403]);
    expect(statuses.indexOf(429)).toBeGreaterThan(25);
    expect(statuses.indexOf(429)).toBeLessThanOrEqual(31);
    expect(limited).toMatchObject({ code: 'over_request_rate_limit' });
    // From another address the e-mail's own bucket is still empty ...
    expect((await verify('127.0.0.4', { type: 'recovery', email, token: code })).status).toBe(429);
    // ... and the code itself was burnt after 5 wrong tries: its link no longer signs anyone in.
    const viaLink = await requestFrom('127.0.0.5', linkOf(mail));
    expect(viaLink.status).toBe(303);
    expect(viaLink.headers.location).toContain('error_code=otp_expired');
  });

  it('a code is burnt after 5 wrong tries even below the request limit', async () => {
    const { email } = await confirmedUser('verify-burn');
    await recover('127.0.0.1', email);
    const [mail] = await inbox(s, email, 'password_recovery');
    for (let i = 0; i < 5; i += 1) {
      const wrong = await verify('127.0.0.6', { type: 'recovery', email, token: otherCode(codeOf(mail), i) });
      expect(wrong.status).toBe(403);
    }
    const right = await verify('127.0.0.7', { type: 'recovery', email, token: codeOf(mail) });
    expect(right.status).toBe(403);
    expect(right.json()).toMatchObject({ code: 'otp_expired' });
  });

  it('/verify is also limited per client address: many e-mails from one address reach 429', async () => {
    // One address guessing codes for a different e-mail each time never empties an e-mail's bucket;
    // GoTrue limits the address itself too.
    const flooder = '127.0.0.10';
    const statuses: number[] = [];
    let limited: Record<string, unknown> | null = null;
    for (let i = 0; i < 40; i += 1) {
      const res = await verify(flooder, { type: 'recovery', email: uniqueEmail(`verify-ip-${i}`), token: '123456' });
      statuses.push(res.status);
      if (res.status === 429) limited ??= res.json();
    }
    expect(statuses.slice(0, 5)).toEqual([403, 403, 403, 403, 403]);
    expect(statuses.indexOf(429)).toBeGreaterThan(25);
    expect(statuses.indexOf(429)).toBeLessThanOrEqual(31);
    expect(statuses.slice(statuses.indexOf(429) + 1).every((st) => st === 429)).toBe(true);
    expect(limited).toMatchObject({ code: 'over_request_rate_limit' });

    // The address stays limited whatever e-mail it names, even with the right code ...
    const { email } = await confirmedUser('verify-ip-owner');
    expect((await recover('127.0.0.11', email)).status).toBe(200);
    const [mail] = await inbox(s, email, 'password_recovery');
    const fromFlooder = await verify(flooder, { type: 'recovery', email, token: codeOf(mail) });
    expect(fromFlooder.status).toBe(429);
    // ... while the owner, from another address, still gets in with the same code.
    const fromOwner = await verify('127.0.0.12', { type: 'recovery', email, token: codeOf(mail) });
    expect(fromOwner.status).toBe(200);
    expect(fromOwner.json()).toMatchObject({ token_type: 'bearer', user: { email } });
  });

  it('/recover sends at most one mail a minute per address, answering unknown addresses identically', async () => {
    const { email } = await confirmedUser('recover-once');
    const unknown = uniqueEmail('recover-nobody');
    const first = [await recover('127.0.0.8', email), await recover('127.0.0.8', unknown)];
    expect(first.map((r) => [r.status, r.body])).toEqual([
      [200, '{}'],
      [200, '{}'],
    ]);
    const again = [await recover('127.0.0.9', email), await recover('127.0.0.9', unknown)];
    for (const res of again) {
      expect(res.status).toBe(429);
      expect(res.json()).toMatchObject({ code: 'over_email_send_rate_limit' });
      expect(res.json<{ message: string }>().message).toMatch(
        /^For security purposes, you can only request this after \d+ seconds\.$/,
      );
    }
    expect(await inbox(s, email, 'password_recovery', 1000)).toHaveLength(1);
  });

  it('failed sign-ins lock out the failing address only: the owner signs in from another', async () => {
    const { email } = await confirmedUser('lockout');
    const signIn = (from: string, password: string, headers: Record<string, string> = {}) =>
      requestFrom(from, url('/token?grant_type=password'), {
        method: 'POST',
        headers: { apikey: s.anonKey, ...headers },
        body: { email, password },
      });
    for (let i = 0; i < 5; i += 1) {
      const res = await signIn('127.0.0.2', 'Wrong!Password-77');
      expect(res.json()).toMatchObject({ code: 'invalid_credentials' });
    }
    const attacker = await signIn('127.0.0.2', PASSWORD);
    expect(attacker.status).toBe(429);
    expect(attacker.json()).toMatchObject({ code: 'over_request_rate_limit' });
    // A forged X-Forwarded-For does not make the attacker someone else (no trusted proxy configured).
    expect((await signIn('127.0.0.2', PASSWORD, { 'x-forwarded-for': '127.0.0.3' })).status).toBe(429);
    const owner = await signIn('127.0.0.3', PASSWORD);
    expect(owner.status).toBe(200);
    expect(typeof owner.json().access_token).toBe('string');
  });

  it('an e-mail change stays pending until both addresses confirm, with links to the site only', async () => {
    const user = await confirmedUser('change-old');
    const newEmail = uniqueEmail('change-new');
    const c = anon();
    expect((await c.auth.signInWithPassword({ email: user.email, password: PASSWORD })).error).toBeNull();
    const { data, error } = await c.auth.updateUser({ email: newEmail }, { emailRedirectTo: 'https://evil.example/x' });
    expect(error).toBeNull();
    expect(data.user).toMatchObject({ email: user.email, new_email: newEmail });
    expect((await svc().auth.admin.getUserById(user.id)).data.user?.email).toBe(user.email);
    const early = await anon().auth.signInWithPassword({ email: newEmail, password: PASSWORD });
    expect(early.error?.code).toBe('invalid_credentials');

    // Until confirmed, the new address is not the caller's: the function refuses to mail it.
    const notYours = await c.functions.invoke('send-notification-email', {
      body: {
        userId: user.id,
        templateName: 'price_drop_alert',
        recipientEmail: newEmail,
        templateData: {
          car_name: 'x',
          old_price: 2,
          new_price: 1,
          discount: 50,
          savings: 1,
          car_url: '/',
          unsubscribe_url: '/',
        },
      },
    });
    expect(notYours.error).not.toBeNull();

    const [toOld] = await inbox(s, user.email, 'email_change');
    const [toNew] = await inbox(s, newEmail, 'email_change');
    for (const mail of [toOld, toNew]) {
      expect(new URL(new URL(linkOf(mail)).searchParams.get('redirect_to')!).origin).toBe(SITE_ORIGIN);
    }
    const first = await anon().auth.verifyOtp({ email: newEmail, token: codeOf(toNew), type: 'email_change' });
    expect(first.error).toBeNull();
    expect(first.data.session).toBeNull();
    expect((await svc().auth.admin.getUserById(user.id)).data.user?.email).toBe(user.email);
    const second = await anon().auth.verifyOtp({ email: user.email, token: codeOf(toOld), type: 'email_change' });
    expect(second.error).toBeNull();
    expect(second.data.session?.user.email).toBe(newEmail);
    const after = (await svc().auth.admin.getUserById(user.id)).data.user!;
    expect(after.email).toBe(newEmail);
    expect(after.new_email).toBeUndefined();
    expect((await anon().auth.signInWithPassword({ email: newEmail, password: PASSWORD })).error).toBeNull();
  });

  it("another account's address: answered like a success, its owner mailed nothing, never completes", async () => {
    const owner = await confirmedUser('change-owner');
    const user = await confirmedUser('change-taker');
    const c = anon();
    await c.auth.signInWithPassword({ email: user.email, password: PASSWORD });
    const { data, error } = await c.auth.updateUser({ email: owner.email });
    expect(error).toBeNull();
    expect(data.user).toMatchObject({ email: user.email, new_email: owner.email });
    const [toCurrent] = await inbox(s, user.email, 'email_change');
    const token = codeOf(toCurrent);
    const confirmed = await anon().auth.verifyOtp({ email: user.email, token, type: 'email_change' });
    expect(confirmed.error).toBeNull();
    expect(await inbox(s, owner.email, 'email_change', 500)).toHaveLength(0);
    expect((await svc().auth.admin.getUserById(user.id)).data.user?.email).toBe(user.email);
    expect((await svc().auth.admin.getUserById(owner.id)).data.user?.email).toBe(owner.email);
  });

  it('sign-up with confirmations: a mail to confirm, no session, an obfuscated user for a taken address', async () => {
    const settingsRes = await fetch(url('/settings'), { headers: { apikey: s.anonKey } });
    const settings = (await settingsRes.json()) as Record<string, unknown>;
    expect(settings.mailer_autoconfirm).toBe(false);
    const email = uniqueEmail('confirm');
    const options = { emailRedirectTo: 'https://evil.example' };
    const first = await anon().auth.signUp({ email, password: PASSWORD, options });
    expect(first.error).toBeNull();
    expect(first.data.session).toBeNull();
    expect(first.data.user?.identities).toHaveLength(1);
    const unconfirmed = await anon().auth.signInWithPassword({ email, password: PASSWORD });
    expect(unconfirmed.error?.code).toBe('email_not_confirmed');
    const [mail] = await inbox(s, email, 'signup_confirmation');
    expect(new URL(new URL(linkOf(mail)).searchParams.get('redirect_to')!).origin).toBe(SITE_ORIGIN);

    const again = await anon().auth.signUp({ email, password: PASSWORD });
    expect(again.error).toBeNull();
    expect(again.data.session).toBeNull();
    expect(again.data.user?.identities).toEqual([]);
    expect(again.data.user?.id).not.toBe(first.data.user?.id);

    const verified = await anon().auth.verifyOtp({ email, token: codeOf(mail), type: 'signup' });
    expect(verified.error).toBeNull();
    expect(verified.data.session?.user.email_confirmed_at).toBeTruthy();
    expect((await anon().auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();
    const taken = await anon().auth.signUp({ email, password: PASSWORD });
    expect(taken.error).toBeNull();
    expect(taken.data.user?.identities).toEqual([]);
  });
});

describe('secrets (own stack, no demo keys, no local inbox)', () => {
  let b: DedicatedStack;
  beforeAll(async () => {
    b = await startDedicatedStack({ JWT_SECRET: undefined, STACK_DEMO_KEYS: undefined }, { localMailbox: false });
  });
  afterAll(async () => b?.dispose());

  const sign = (claims: Record<string, unknown>, secret: string) =>
    new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(new TextEncoder().encode(secret));

  it('generates its own secret, keeps it across restarts, and refuses demo-signed tokens', async () => {
    const s = b.running;
    expect(s.jwtSecret).not.toBe(DEFAULT_JWT_SECRET);
    expect(s.anonKey).not.toBe(DEFAULT_ANON_KEY);
    const demoRest = await brands(s, keyHeaders(DEFAULT_ANON_KEY));
    expect(demoRest.status).toBe(401);
    const exp = Math.floor(Date.now() / 1000) + 600;
    const forged = await sign({ sub: crypto.randomUUID(), role: 'service_role', exp }, DEFAULT_JWT_SECRET);
    expect((await fetch(`${s.url}/auth/v1/admin/users`, { headers: keyHeaders(forged) })).status).toBe(403);
    expect((await brands(s, keyHeaders(s.anonKey))).status).toBe(200);

    const { anonKey, serviceRoleKey } = s;
    const again = await b.restart();
    expect([again.anonKey, again.serviceRoleKey]).toEqual([anonKey, serviceRoleKey]);
    expect((await brands(again, keyHeaders(anonKey))).status).toBe(200);
  });

  it('refuses a token without exp on the Data API and Auth', async () => {
    const s = b.running;
    const admin = clientFor(s, s.serviceRoleKey).auth.admin;
    const user = await admin.createUser({ email: uniqueEmail('noexp'), password: PASSWORD, email_confirm: true });
    const forever = await sign({ sub: user.data.user!.id, role: 'authenticated', aud: 'authenticated' }, s.jwtSecret);
    const asUser = { apikey: s.anonKey, authorization: `Bearer ${forever}` };
    const restRes = await brands(s, asUser);
    expect(restRes.status).toBe(401);
    expect(((await restRes.json()) as { code: string }).code).toBe('PGRST303');
    const authRes = await fetch(`${s.url}/auth/v1/user`, { headers: asUser });
    expect(authRes.status).toBe(403);
    const serviceForever = await sign({ role: 'service_role' }, s.jwtSecret);
    expect((await brands(s, keyHeaders(serviceForever))).status).toBe(401);
  });

  it('refuses a realtime join with a token without exp', async () => {
    const s = b.running;
    const joinWith = async (token: string | null): Promise<string> => {
      const client = clientFor(s, s.anonKey);
      if (token) await client.realtime.setAuth(token);
      try {
        return await new Promise<string>((resolve) => {
          const timer = setTimeout(() => resolve('TIMED_OUT'), 5000);
          client.channel(`noexp-${crypto.randomUUID()}`).subscribe((status) => {
            if (status === 'SUBSCRIBED' || status === 'CHANNEL_ERROR') {
              clearTimeout(timer);
              resolve(status);
            }
          });
        });
      } finally {
        await client.removeAllChannels();
        client.realtime.disconnect();
      }
    };
    expect(await joinWith(null)).toBe('SUBSCRIBED');
    expect(await joinWith(await sign({ role: 'anon' }, s.jwtSecret))).toBe('CHANNEL_ERROR');
  });

  it('mounts no mailbox when mail goes to a real provider', async () => {
    const s = b.running;
    const res = await fetch(`${s.url}/mailbox/v1/messages`, { headers: keyHeaders(s.serviceRoleKey) });
    expect(res.status).toBe(404);
  });

  it('uses the demo secret only when asked for explicitly', async () => {
    expect((await resolveSecrets({ dataDir: 'memory://demo', demoKeys: true })).anonKey).toBe(DEFAULT_ANON_KEY);
    expect((await resolveSecrets({ dataDir: 'memory://own' })).jwtSecret).not.toBe(DEFAULT_JWT_SECRET);
  });
});

describe('sign-up with autoconfirm (shared stack)', () => {
  it("keeps GoTrue's 422 user_already_exists and the settings say so", async () => {
    const { email } = await createUser(uniqueEmail('autoconfirm'));
    const res = await anonClient().auth.signUp({ email, password: PASSWORD });
    expect(res.error?.code).toBe('user_already_exists');
    const settingsRes = await fetch(`${stack().url}/auth/v1/settings`, { headers: { apikey: stack().anonKey } });
    const settings = (await settingsRes.json()) as Record<string, unknown>;
    expect(settings.mailer_autoconfirm).toBe(true);
    expect((await serviceClient().auth.admin.listUsers()).error).toBeNull();
  });
});
