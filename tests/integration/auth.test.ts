// Auth (GoTrue subset) through the real supabase-js client against the shared stack.
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PASSWORD, anonClient, createUser, serviceClient, stack, uniqueEmail, userClient } from './helpers';

const STRONG = 'Gearbox!Tyre-Pressure9';

async function mailsFor(email: string, timeoutMs = 5000): Promise<{ id: string; subject: string; text: string }[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await fetch(`${stack().url}/mailbox/v1/messages?to=${encodeURIComponent(email)}`, {
      headers: { apikey: stack().serviceRoleKey },
    });
    const list = (await res.json()) as { id: string; subject: string; text: string }[];
    if (list.length || Date.now() > deadline) return list;
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('auth', () => {
  it('signs up with auto-confirm and returns a session with GoTrue claims', async () => {
    const email = uniqueEmail('signup');
    const c = anonClient();
    const { data, error } = await c.auth.signUp({ email, password: STRONG, options: { data: { name: 'Sam' } } });
    expect(error).toBeNull();
    expect(data.session?.access_token).toBeTruthy();
    expect(data.session?.refresh_token).toBeTruthy();
    expect(data.user?.email).toBe(email);
    expect(data.user?.user_metadata).toMatchObject({ name: 'Sam' });
    const claims = JSON.parse(Buffer.from(data.session!.access_token.split('.')[1], 'base64url').toString()) as Record<
      string,
      unknown
    >;
    expect(claims).toMatchObject({
      sub: data.user!.id,
      aud: 'authenticated',
      role: 'authenticated',
      email,
      aal: 'aal1',
      is_anonymous: false,
    });
    for (const k of ['iss', 'exp', 'iat', 'phone', 'app_metadata', 'user_metadata', 'amr', 'session_id'])
      expect(claims).toHaveProperty(k);
    const again = await anonClient().auth.signUp({ email, password: STRONG });
    expect(again.error?.code).toBe('user_already_exists');
  });

  it('signs in, rejects a wrong password with invalid_credentials', async () => {
    const { email } = await createUser(uniqueEmail('signin'));
    const c = anonClient();
    const ok = await c.auth.signInWithPassword({ email, password: DEFAULT_PASSWORD });
    expect(ok.error).toBeNull();
    expect((await c.auth.getUser()).data.user?.email).toBe(email);
    const bad = await anonClient().auth.signInWithPassword({ email, password: 'Not-The-Password-77' });
    expect(bad.error?.status).toBe(400);
    expect(bad.error?.code).toBe('invalid_credentials');
    expect(bad.error?.message).toBe('Invalid login credentials');
  });

  it('rotates refresh tokens and treats replay of an old one as theft', async () => {
    const { email } = await createUser(uniqueEmail('refresh'));
    const c = await userClient(email);
    const t0 = (await c.auth.getSession()).data.session!.refresh_token;
    const r1 = await anonClient().auth.refreshSession({ refresh_token: t0 });
    expect(r1.error).toBeNull();
    const t1 = r1.data.session!.refresh_token;
    expect(t1).not.toBe(t0);
    const r2 = await anonClient().auth.refreshSession({ refresh_token: t1 });
    const t2 = r2.data.session!.refresh_token;
    // t0 is two rotations old: replaying it is reuse, not a concurrent refresh.
    const replay = await anonClient().auth.refreshSession({ refresh_token: t0 });
    expect(replay.error?.code).toBe('refresh_token_already_used');
    // ...and the whole session is revoked, so the newest token is dead too.
    const after = await anonClient().auth.refreshSession({ refresh_token: t2 });
    expect(after.error).not.toBeNull();
  });

  it('global sign-out revokes every refresh token and the session', async () => {
    const { email } = await createUser(uniqueEmail('logout'));
    const a = await userClient(email);
    const b = await userClient(email);
    const sessionB = (await b.auth.getSession()).data.session!;
    expect((await a.auth.signOut({ scope: 'global' })).error).toBeNull();
    const refreshed = await anonClient().auth.refreshSession({ refresh_token: sessionB.refresh_token });
    expect(refreshed.error?.code).toBe('refresh_token_not_found');
    const user = await anonClient().auth.getUser(sessionB.access_token);
    expect(user.error).not.toBeNull();
    expect(user.data.user).toBeNull();
  });

  it('local sign-out ends only that session', async () => {
    const { email } = await createUser(uniqueEmail('local'));
    const a = await userClient(email);
    const b = await userClient(email);
    const sessionB = (await b.auth.getSession()).data.session!;
    await a.auth.signOut({ scope: 'local' });
    expect((await anonClient().auth.getUser(sessionB.access_token)).data.user?.email).toBe(email);
  });

  it('getUser fails for forged and expired tokens', async () => {
    const { id, email } = await createUser(uniqueEmail('forged'));
    const now = Math.floor(Date.now() / 1000);
    const claims = { sub: id, email, role: 'authenticated', aud: 'authenticated' };
    const forged = await new SignJWT({ ...claims, exp: now + 600 })
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode('not-the-secret-not-the-secret-not-the-secret'));
    const expired = await new SignJWT({ ...claims, iat: now - 7200, exp: now - 3600 })
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode(stack().jwtSecret));
    for (const token of [forged, expired, 'not.a.jwt']) {
      const { data, error } = await anonClient().auth.getUser(token);
      expect(data.user).toBeNull();
      expect(error?.status).toBe(403);
    }
    const res = await fetch(`${stack().url}/auth/v1/user`, { headers: { apikey: stack().anonKey } });
    expect(res.status).toBe(401);
    expect(res.headers.get('x-supabase-api-version')).toBe('2024-01-01');
    expect(await res.json()).toMatchObject({ code: 'no_authorization' });
  });

  it('enforces the password policy with the SPEC messages', async () => {
    const cases: [string, string, string][] = [
      ['Sh0rt!pw', 'Password must be at least 12 characters long', 'length'],
      [
        'alllowercase-but-long1',
        'Password must contain uppercase, lowercase, numbers, and special characters',
        'characters',
      ],
      [
        'NoDigitsOrSymbolsHere',
        'Password must contain uppercase, lowercase, numbers, and special characters',
        'characters',
      ],
      ['Password!2026x', 'Password is too common or contains weak patterns', 'pwned'],
      ['Garage!1234Tyre', 'Password is too common or contains weak patterns', 'pwned'],
      ['Qwerty!Garage88', 'Password is too common or contains weak patterns', 'pwned'],
      ['Gaaaarage!Kit88', 'Password is too common or contains weak patterns', 'pwned'],
    ];
    for (const [password, message, reason] of cases) {
      const { error } = await anonClient().auth.signUp({ email: uniqueEmail('policy'), password });
      expect(error?.status, password).toBe(422);
      expect(error?.code, password).toBe('weak_password');
      expect(error?.message, password).toBe(message);
      expect((error as { reasons?: string[] }).reasons, password).toContain(reason);
    }
    const bad = await anonClient().auth.signUp({ email: 'not-an-email', password: STRONG });
    expect(bad.error?.status).toBe(400);
    expect(bad.error?.code).toBe('validation_failed');
    expect(bad.error?.message).toBe('Invalid email format');
    // Also on admin create and PUT /user.
    const admin = await serviceClient().auth.admin.createUser({ email: uniqueEmail('policy'), password: 'abcdefgh' });
    expect(admin.error?.code).toBe('weak_password');
    const { email } = await createUser(uniqueEmail('policy'));
    const c = await userClient(email);
    const upd = await c.auth.updateUser({ password: 'Sequence!abcd99' });
    expect(upd.error?.message).toBe('Password is too common or contains weak patterns');
  });

  it('recover: always {} and a working link + code in the mailbox', async () => {
    const unknown = await anonClient().auth.resetPasswordForEmail(uniqueEmail('nobody'));
    expect(unknown.error).toBeNull();
    expect(unknown.data).toEqual({});

    const { email } = await createUser(uniqueEmail('recover'));
    const sent = await anonClient().auth.resetPasswordForEmail(email);
    expect(sent.error).toBeNull();
    expect(sent.data).toEqual({});
    const [mail] = await mailsFor(email);
    expect(mail.subject).toBe('Reset your Motorly password');
    const link = /Reset your password: (\S+)/.exec(mail.text)![1];
    expect(link.startsWith(`${stack().url}/auth/v1/verify?`)).toBe(true);
    expect(new URL(link).searchParams.get('redirect_to')).toMatch(/\/password-reset$/);

    const res = await fetch(link, { redirect: 'manual' });
    expect(res.status).toBe(303);
    const location = new URL(res.headers.get('location')!);
    expect(location.pathname).toBe('/password-reset');
    const fragment = new URLSearchParams(location.hash.slice(1));
    expect(fragment.get('type')).toBe('recovery');
    expect(fragment.get('token_type')).toBe('bearer');
    expect(Number(fragment.get('expires_in'))).toBeGreaterThan(0);

    const c = anonClient();
    const set = await c.auth.setSession({
      access_token: fragment.get('access_token')!,
      refresh_token: fragment.get('refresh_token')!,
    });
    expect(set.error).toBeNull();
    const newPassword = 'Brand-New!Clutch42';
    expect((await c.auth.updateUser({ password: newPassword })).error).toBeNull();
    expect((await anonClient().auth.signInWithPassword({ email, password: newPassword })).error).toBeNull();
    expect((await anonClient().auth.signInWithPassword({ email, password: DEFAULT_PASSWORD })).error?.code).toBe(
      'invalid_credentials',
    );
    // The link is single-use.
    const replay = await fetch(link, { redirect: 'manual' });
    expect(replay.headers.get('location')).toContain('error_code=otp_expired');
  });

  it('recover: the 6-digit code verifies once', async () => {
    const { email } = await createUser(uniqueEmail('otp'));
    await anonClient().auth.resetPasswordForEmail(email);
    const [mail] = await mailsFor(email);
    const code = /code: (\d{6})/.exec(mail.text)![1];
    const c = anonClient();
    const ok = await c.auth.verifyOtp({ email, token: code, type: 'recovery' });
    expect(ok.error).toBeNull();
    expect(ok.data.session?.user.email).toBe(email);
    const again = await anonClient().auth.verifyOtp({ email, token: code, type: 'recovery' });
    expect(again.error?.code).toBe('otp_expired');
  });

  it('admin API is service_role only', async () => {
    const email = uniqueEmail('admin');
    const created = await serviceClient().auth.admin.createUser({ email, password: STRONG, email_confirm: true });
    expect(created.error).toBeNull();
    const id = created.data.user!.id;
    expect((await serviceClient().auth.admin.getUserById(id)).data.user?.email).toBe(email);
    const upd = await serviceClient().auth.admin.updateUserById(id, { user_metadata: { plan: 'gold' } });
    expect(upd.data.user?.user_metadata).toMatchObject({ plan: 'gold' });
    const list = await serviceClient().auth.admin.listUsers({ page: 1, perPage: 2 });
    expect(list.data.users.length).toBe(2);
    const denied = await anonClient().auth.admin.listUsers();
    expect(denied.error?.status).toBe(403);
    expect((await serviceClient().auth.admin.deleteUser(id)).error).toBeNull();
    expect((await serviceClient().auth.admin.getUserById(id)).error?.status).toBe(404);
  });
});
