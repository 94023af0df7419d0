// Data API error contract: PostgREST codes and statuses, JWT failures, body limits, CORS.
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { anonClient, rest, stack, tokenClient } from './helpers';

const secret = () => new TextEncoder().encode(stack().jwtSecret);
const inAnHour = () => Math.floor(Date.now() / 1000) + 3600;
const sign = (claims: Record<string, unknown>, key = secret()) =>
  new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(key);
const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');

describe('PostgREST error codes', () => {
  it('PGRST205 404 for an unknown table', async () => {
    const { error, status } = await anonClient().from('no_such_table').select('*');
    expect(status).toBe(404);
    expect(error?.code).toBe('PGRST205');
  });

  it('42703 400 for an unknown column in select, filter or order', async () => {
    for (const q of ['select=nope', 'select=id&nope=eq.1', 'select=id&order=nope.desc']) {
      const res = await rest(`/brands?${q}`);
      expect(res.status).toBe(400);
      expect((await res.json()).code).toBe('42703');
    }
  });

  it('PGRST100 400 with details for a malformed filter, order or select', async () => {
    for (const q of [
      'select=id&name=bogus.x',
      'select=id&name=eq',
      'select=id&order=name.sideways',
      'select=id,(',
      'select=id&limit=-1',
      'select=id&or=(name.eq.a',
    ]) {
      const res = await rest(`/brands?${q}`);
      expect(res.status, q).toBe(400);
      const body = await res.json();
      expect(body.code, q).toBe('PGRST100');
      expect(Object.keys(body).sort()).toEqual(['code', 'details', 'hint', 'message']);
    }
  });

  it('PGRST102 400 for a body that is not JSON', async () => {
    const res = await rest('/brands', {
      method: 'POST',
      body: '{"slug": ',
      headers: { 'content-type': 'application/json' },
      token: stack().serviceRoleKey,
    });
    expect(res.status).toBe(400);
    expect((await res.json()).code).toBe('PGRST102');
  });

  it('PGRST106 406 for a schema other than public', async () => {
    const res = await rest('/brands?select=id', { headers: { 'accept-profile': 'auth' } });
    expect(res.status).toBe(406);
    expect((await res.json()).code).toBe('PGRST106');
  });

  it('413 for a body over 1 MiB', async () => {
    const big = JSON.stringify({ slug: 'big', name: 'x'.repeat(1024 * 1024 + 10) });
    const res = await rest('/brands', {
      method: 'POST',
      body: big,
      headers: { 'content-type': 'application/json' },
      token: stack().serviceRoleKey,
    });
    expect(res.status).toBe(413);
  });

  it('maps raised SQLSTATEs: PTnnn -> nnn, P0001 -> 400, read-only GET -> 405', async () => {
    const pt = await anonClient().rpc('pgrst_test_raise', { code: 'PT402' });
    expect(pt.status).toBe(402);
    const p0 = await anonClient().rpc('pgrst_test_raise', { code: 'P0001' });
    expect(p0.status).toBe(400);
    expect(p0.error?.message).toBe('raised on purpose');
    const ro = await anonClient().rpc('pgrst_test_touch_brand', { brand_slug: 'x' }, { get: true });
    expect(ro.status).toBe(405);
    expect(ro.error?.code).toBe('25006');
  });

  it('never answers 500 with SQL or a stack trace for odd input', async () => {
    const res = await rest('/brands?select=id::not_a_type');
    expect(res.status).toBeLessThan(500);
    const text = await res.text();
    expect(text).not.toMatch(/select |\s{4}at /i);
  });
});

describe('JWT', () => {
  const expectInvalid = async (token: string, code: string) => {
    const { error, status } = await tokenClient(token).from('brands').select('id').limit(1);
    expect(status).toBe(401);
    expect(error?.code).toBe(code);
    const raw = await rest('/brands?select=id', { token });
    expect(raw.headers.get('www-authenticate')).toMatch(/^Bearer error="invalid_token"/);
  };

  it("takes the key as the gateway's apikey url parameter too (a simple request: no preflight), not as a filter", async () => {
    const url = `${stack().url}/rest/v1/brands?select=id&limit=1&apikey=${encodeURIComponent(stack().anonKey)}`;
    const res = await fetch(url, { headers: { Accept: 'application/json' } });
    expect(res.status).toBe(200);
    expect(await res.json()).toHaveLength(1);
    const none = await fetch(`${stack().url}/rest/v1/brands?select=id&limit=1`);
    expect(none.status).toBe(401);
  });

  it('rejects a token signed with another secret', async () => {
    await expectInvalid(
      await sign({ role: 'service_role' }, new TextEncoder().encode('not-the-secret-not-the-secret-not-the')),
      'PGRST301',
    );
  });

  it('rejects alg none', async () => {
    await expectInvalid(`${b64({ alg: 'none', typ: 'JWT' })}.${b64({ role: 'service_role' })}.`, 'PGRST301');
  });

  it('rejects an expired token with PGRST303', async () => {
    await expectInvalid(
      await sign({ role: 'authenticated', sub: crypto.randomUUID(), exp: Math.floor(Date.now() / 1000) - 60 }),
      'PGRST303',
    );
  });

  it('rejects garbage and roles that are not API roles', async () => {
    await expectInvalid('not.a.jwt', 'PGRST301');
    const { status } = await tokenClient(await sign({ role: 'postgres', exp: inAnHour() }))
      .from('brands')
      .select('id');
    expect(status).toBe(401);
  });

  it('treats a token without role as anon', async () => {
    const { error, status } = await tokenClient(await sign({ sub: crypto.randomUUID(), exp: inAnHour() }))
      .from('brands')
      .select('id')
      .limit(1);
    expect(error).toBeNull();
    expect(status).toBe(200);
  });
});

describe('CORS', () => {
  it('answers preflight for any origin and exposes Content-Range', async () => {
    const res = await fetch(`${stack().url}/rest/v1/brands`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://localhost:5173',
        'Access-Control-Request-Method': 'PATCH',
        'Access-Control-Request-Headers': 'authorization,apikey,content-type,prefer,x-client-info',
      },
    });
    expect(res.status).toBeLessThan(300);
    expect(res.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    expect(res.headers.get('access-control-allow-methods')).toMatch(/PATCH/);
    expect(res.headers.get('access-control-allow-headers')).toMatch(/prefer/i);
    const get = await rest('/brands?select=id&limit=1', { headers: { Origin: 'http://localhost:5173' } });
    expect(get.headers.get('access-control-expose-headers')).toMatch(/Content-Range/);
  });
});
